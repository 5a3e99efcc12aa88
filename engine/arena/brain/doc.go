// Package brain runs external Gomocup engines ("pbrain" programs) as child
// processes and speaks the manager's side of the protocol with them: START
// or RECTSTART, RESTART, INFO, BEGIN, TURN, BOARD, ABOUT and END.
//
// An [Engine] is one process. Every request that expects an answer takes a
// deadline; an engine that has not answered by then is reported with
// [ErrTimeout] and is best killed. Answers are classified: a move "x,y";
// MESSAGE and DEBUG lines, which are passed to the log and otherwise
// skipped; ERROR and UNKNOWN, which are refusals ([ErrRefused]); anything
// else is garbage ([ErrGarbage]). An engine whose output ends has crashed
// ([ErrCrashed]); the last lines it wrote on standard error are kept for
// the report.
//
// # Processes
//
// An engine runs in its own directory (that of its program, as
// c-gomoku-cli and Piskvork run them, so engines find their configuration
// files) and in its own process group, so [Engine.Kill] reaches any
// process it started. On Linux the kernel kills it too if the manager
// dies. The process is always waited for: [Engine.Close] sends END, gives
// the engine a grace period to exit, kills the group and reaps the
// process, so no zombie or stray process outlives a match.
package brain
