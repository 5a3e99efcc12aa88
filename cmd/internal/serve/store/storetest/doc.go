// Package storetest checks that a [store.Store] keeps the contract the
// server relies on: games and moves read back as written, a taken ply is
// refused with store.ErrConflict (also between concurrent writers), and
// everything survives closing and reopening.
package storetest
