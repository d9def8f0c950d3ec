# Sourced by bench/oneshot.sh and bench/start.sh: a hub on a free loopback
# port in the state folder $tmp, whose extension is the fake peer of cmd's
# tests (its test binary, when called fakeext) answering tabs.active.
# start_fake_peer BROWSERCTL: builds and starts the peer, exports the
# BROWSERCTL_* settings, starts the hub with one `tab active` (which waits
# for the peer) and sets fake to the peer's pid.
start_fake_peer() {
  go test -c -o "$tmp/fakeext" ./cmd
  local port=$((20000 + RANDOM % 20000))
  export BROWSERCTL_HOME=$tmp BROWSERCTL_SERVER=127.0.0.1:$port BROWSERCTL_TOKEN=bench-token-0123456789
  echo 'tabs.active {"tabId":101,"windowId":1,"url":"https://example.com/","title":"Example Domain","active":true,"groupId":12,"sessionId":"s1"}' >"$tmp/rules.txt"
  "$tmp/fakeext" "$tmp/rules.txt" /dev/null 2>/dev/null &
  fake=$!
  "$1" tab active >/dev/null 2>&1
}
