// Package pgtest gives tests a fresh PostgreSQL database of their own on
// the server that the environment variable GOMOKU_TEST_POSTGRES points at
// (a postgres:// URL of any database there, with the right to create
// databases). Without the variable, tests that need PostgreSQL are
// skipped; .ci/run always sets it.
package pgtest
