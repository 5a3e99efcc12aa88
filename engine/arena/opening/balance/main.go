package main

import "github.com/gomoku-engine/gomoku/engine/internal/cliexit"

func main() { cliexit.Main(run) }
