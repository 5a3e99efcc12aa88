// Command evalfit refits the weights of the two-player search's static
// evaluation from played games and writes the weights file that the
// build embeds (engine/player/internal/dense/weights.json).
//
// It reads the games.txt summaries that `gomoku match --save-dir DIR`
// writes (two players, K = 5, a bounded board, freestyle or exact, moves
// as a move string), replays every game once on its board (a DIR's saved
// games say which; a games.txt named alone is played on --size and
// --rule), and fits by logistic regression the game's result, for the
// side to move, on the counts the evaluation weighs, over the positions
// the search would score with it. One game in five is held out to judge
// the fit: the held-out log-loss of the fitted weights and of the current
// ones is printed, overall and per input.
//
// The target can also be, in part or whole, the win chance an engine
// printed for the position before its move (Rapfi's "MESSAGE ... Eval E"
// lines in the log `gomoku match --log DIR/match.log` writes): a search's
// judgement of the position says more about it than the one result of the
// game, so fewer games are needed.
//
// Positions an engine evaluated one by one are a third kind of input: the
// subcommand label replays saved games and has an engine (Rapfi) think on
// their positions and on random neighbours of them (one other move
// away: the moves a search weighs and a game never shows), and writes a
// positions file, which the fit reads beside the games with the engine's
// win chance as the target.
//
// The search, though, stands on its static value at positions no game
// shows: the subcommand reach runs the search as it plays on the games'
// positions and keeps a sample of those it evaluates (the duel package's
// Horizon reports them), for label to have the engine evaluate.
//
// The classic search evaluates with a table of its own, a value per pair
// of graded line patterns (engine/player/internal/dense/pairs.json): the
// subcommand pairs fits it to the games' results the same way, from the
// pair counts the replay reads.
//
// A regression ranks weights by how well they predict, which has not
// ranked them for play: the subcommand tune moves groups of weights by
// self-play instead (simultaneous perturbation stochastic approximation:
// every group nudged up or down at random, the two sets so made playing a
// game pair, each group moved towards the set that scored).
//
// Usage:
//
//	go run ./engine/player/internal/evalfit [--size 15] [--rule freestyle] [--eval-weight W] [--combos=false] [--out FILE] DIR|games.txt|*positions.txt ...
//	go run ./engine/player/internal/evalfit label --engine PATH [--move-time 100ms] [--every N] [--siblings N] --out FILE DIR|games.txt ...
//	go run ./engine/player/internal/evalfit reach [--nodes 25000] [--every 2] [--rate 4096] [--most 2] [--seed 1] --out FILEreach.txt DIR|games.txt ...
//	go run ./engine/player/internal/evalfit label --engine PATH [--move-time 100ms] --out FILEpositions.txt FILEreach.txt ...
//	go run ./engine/player/internal/evalfit tune --openings FILE [--knobs coarse|fine] [--pairs 2000] [--nodes 20000] [--start FILE] --out FILE
//	go run ./engine/player/internal/evalfit pairs [--l2 1e-4] [--iters 25] [--out FILE] DIR|games.txt ...
//
// Without --out the weights go to standard output. Rebuild afterwards: the
// file is embedded with go:embed.
package main

import "github.com/gomoku-engine/gomoku/engine/internal/cliexit"

func main() { cliexit.Main(run) }
