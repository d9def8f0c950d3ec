package hub

// TokenFileName is the token file's name in the state folder (for
// `browserctl doctor`, which checks the file without creating it).
const TokenFileName = tokenFile
