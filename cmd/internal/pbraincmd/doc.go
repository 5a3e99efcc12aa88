// Package pbraincmd is the command-line face of package
// engine/gomocup/brain: the "pbrain" command of the gomoku program and the
// whole pbrain-gomoku program that Gomocup managers launch. Both take
// their streams from the urfave/cli app, so tests run them in-process.
package pbraincmd
