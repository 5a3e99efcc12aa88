// Package cputime reads the CPU time the process has used. On a shared
// machine it counts only the time the process actually ran, where wall
// time also counts the time other processes held the cores, so
// measurements set against it tell slow code from a busy machine.
package cputime
