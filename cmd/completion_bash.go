package cmd

// bashFallback goes before cobra's bash script. That script needs two
// functions of the bash-completion package (_get_comp_words_by_ref, and
// _filedir for file arguments); without the package every Tab printed
// "command not found". These minimal versions are defined only when the
// package's are not, so with bash-completion loaded (before or after this
// script) its own win.
//
// The fallback splits the line at blanks only, as bash-completion does with
// cobra's `-n =:`, and does not parse quotes: a quoted argument holding a
// blank before the cursor counts as two words.
const bashFallback = `# browserctl: minimal stand-ins for the bash-completion package, used only
# when it is not installed (apt-get install bash-completion for the full one).
if ! declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
_get_comp_words_by_ref()
{
    while [[ $# -gt 0 && $1 == -* ]]; do
        case $1 in
            -n|-i|-c) shift 2 ;;
            *) shift ;;
        esac
    done
    local __bctl_line=${COMP_LINE:0:COMP_POINT}
    local -a __bctl_words=()
    read -r -a __bctl_words <<< "$__bctl_line"
    if [[ -z $__bctl_line || $__bctl_line == *[[:space:]] ]]; then
        __bctl_words+=("")
    fi
    local __bctl_cword=$(( ${#__bctl_words[@]} - 1 ))
    local __bctl_var
    for __bctl_var in "$@"; do
        case $__bctl_var in
            cur) cur=${__bctl_words[__bctl_cword]} ;;
            prev) prev=""; (( __bctl_cword > 0 )) && prev=${__bctl_words[__bctl_cword-1]} ;;
            words) words=("${__bctl_words[@]}") ;;
            cword) cword=$__bctl_cword ;;
        esac
    done
    return 0
}
fi
if ! declare -F _filedir >/dev/null 2>&1; then
_filedir()
{
    local IFS=$'\n'
    if [[ ${1-} == -d ]]; then
        COMPREPLY=( $(compgen -d -- "${cur-}") )
    else
        COMPREPLY=( $(compgen -f -- "${cur-}") )
    fi
}
fi

`
