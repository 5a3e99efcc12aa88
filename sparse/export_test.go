package sparse

// Pack is the store's key, for the builtin-map reference of the
// benchmarks.
var Pack = pack
