/// Results land here so the optimizer cannot delete the work that produced them. Only the main
/// thread touches these.
nonisolated(unsafe) var sink = 0
nonisolated(unsafe) var sinkObject: AnyObject?

/// How many `onChange` callbacks have run. Each case checks it moved by exactly what it expects,
/// so an engine that skips the work is caught instead of looking fast. Callbacks run on the
/// mutating thread, and only single-threaded cases fire them.
nonisolated(unsafe) var fireCount = 0

/// The `onChange` every tracking scope installs.
let countFire: @Sendable () -> Void = { fireCount &+= 1 }

/// Consumes a value behind a call the optimizer cannot see through.
@inline(never)
func blackHole(_ value: Int) {
  sink &+= value
}

/// Returns its argument behind a call the optimizer cannot see through, so a model's identity
/// and contents are unknown inside the timed loop.
@inline(never)
func opaque<T>(_ value: T) -> T {
  value
}
