// Package openfiles reads and raises the process's limit on open files,
// which bounds how many connections a server holds or a load test opens.
package openfiles
