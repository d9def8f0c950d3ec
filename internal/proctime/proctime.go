// Package proctime holds when this process's Go code began to run: the
// start of `browserctl -v`'s breakdown. It imports only time, so it is
// initialized before nearly every other package (packages initialize in
// import-path order once their imports have).
package proctime

import "time"

// Start is when this package was initialized: the runtime has started, the
// packages the command tree needs have not been initialized yet.
var Start = time.Now()
