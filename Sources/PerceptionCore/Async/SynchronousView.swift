// Tracking must see a closure's reads on the thread that runs it, inside one synchronous
// `withPerceptionTracking` call. Swift 6.3 offers no way to call an `@isolated(any)` closure
// without `await`, even from code that runs on its isolation (6.4 allows converting it to a
// synchronous function type there). These views reinterpret the closure as the synchronous
// closure of the same signature. Both sides of the cast are taken at the most general
// abstraction, where an `@isolated(any)` closure and a plain one share their representation
// (the isolation is recovered from the closure's context, not passed in), so the view calls
// the closure itself. Observation's `Observations` does the same. Call a view only from code
// already running on the closure's isolation.

/// A synchronous view of an `@isolated(any)` closure without arguments.
func synchronousView<Result, Failure: Error>(
  of closure: @escaping @isolated(any) @Sendable () throws(Failure) -> Result
) -> @Sendable () throws(Failure) -> Result {
  unsafeBitCast(closure, to: (@Sendable () throws(Failure) -> Result).self)
}

/// A synchronous view of a continuous tracking's `@isolated(any)` closure.
func synchronousView(
  of closure: @escaping @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
) -> @Sendable (borrowing PerceptionTracking.Event) -> Void {
  unsafeBitCast(closure, to: (@Sendable (borrowing PerceptionTracking.Event) -> Void).self)
}
