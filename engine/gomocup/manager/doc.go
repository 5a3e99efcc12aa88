// Package manager runs Gomocup brains (external "pbrain" programs) as child
// processes and speaks the manager's side of the protocol with them: START
// or RECTSTART, RESTART, INFO, BEGIN, TURN, BOARD, ABOUT and END, in the
// wire format of package [github.com/gomoku-engine/gomoku/engine/gomocup].
//
// A [Brain] is one process, started from a [Program]. Every request that
// expects an answer takes a deadline; a brain that has not answered by
// then is reported with [ErrTimeout] and is best killed. Answers are
// classified: a move "x,y"; MESSAGE and DEBUG lines, which are passed to
// the log and otherwise skipped; ERROR and UNKNOWN, which are refusals
// ([ErrRefused]); anything else, or a line over 64 KiB, is garbage
// ([ErrGarbage]). A brain whose output ends has crashed ([ErrCrashed]);
// the last lines it wrote on standard error are kept for the report.
//
// # Processes
//
// A brain runs in its own directory (that of its program, as
// c-gomoku-cli and Piskvork run them, so brains find their configuration
// files) and in its own process group, so [Brain.Kill] reaches any
// process it started. On Linux the kernel kills it too if the manager
// dies. The process is always waited for: [Brain.Close] sends END, gives
// the brain a grace period to exit, kills the group and reaps the
// process, so no zombie or stray process outlives a match.
//
// # Evaluations
//
// An [Evaluator] asks a brain for its reading of positions one at a time,
// as the opening balancer, the evaluation fit's labeller and the judge
// do: each [Position] is a game of its own, set up with BOARD ... DONE
// after the INFO lines of a think time (and Rapfi's node limit); the
// [Reading] is the brain's move and the evaluation it printed last before
// it, in a MESSAGE line ("Eval -23", "Eval +M29": see
// [github.com/gomoku-engine/gomoku/engine/gomocup.MessageEval]). A brain
// that printed none gives [ErrNoEval]; one that failed otherwise is
// replaced by a fresh process for the next position.
//
// Package braintest builds a misbehaving fake brain for tests of managers.
package manager
