package serve

import (
	"net/http"
	"net/http/pprof"
)

// pprofHandler serves the runtime's profiles under /debug/pprof/, for
// --pprof's own address: never on the public one, since a profile shows
// the server's internals and a CPU profile costs CPU while it runs.
func pprofHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
