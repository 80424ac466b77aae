// Tracking must see a closure's reads on the thread that runs it, in one synchronous call, and
// Swift 6.3 cannot call an `@isolated(any)` closure without `await`, even on its isolation. A
// view reinterprets the closure as the synchronous closure of the same signature, as
// `Observations` does: the two share one representation (the isolation lives in the closure's
// context). Call a view only on the closure's isolation.
//
// Each closure is cast as a struct's one field, not as itself: the metadata of an
// `@isolated(any)` or typed-throws function type needs the iOS 18, macOS 15, tvOS 18 and
// watchOS 11 runtimes, a struct's does not. Reflecting the struct would need it again, so no
// value of one outlives the cast. The two shapes stay apart: one generic over the function type
// would need that metadata.

private struct IsolatedClosure<Result, Failure: Error> {
  let closure: @isolated(any) @Sendable () throws(Failure) -> Result
}

private struct SynchronousClosure<Result, Failure: Error> {
  let closure: @Sendable () throws(Failure) -> Result
}

func synchronousView<Result, Failure: Error>(
  of closure: @escaping @isolated(any) @Sendable () throws(Failure) -> Result
) -> @Sendable () throws(Failure) -> Result {
  unsafeBitCast(
    IsolatedClosure(closure: closure), to: SynchronousClosure<Result, Failure>.self
  ).closure
}

private struct IsolatedEventClosure {
  let closure: @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
}

private struct SynchronousEventClosure {
  let closure: @Sendable (borrowing PerceptionTracking.Event) -> Void
}

func synchronousView(
  of closure: @escaping @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
) -> @Sendable (borrowing PerceptionTracking.Event) -> Void {
  unsafeBitCast(IsolatedEventClosure(closure: closure), to: SynchronousEventClosure.self)
    .closure
}
