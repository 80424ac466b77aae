// Tracking must see a closure's reads in one synchronous call, and Swift 6.3 cannot call an
// `@isolated(any)` closure without `await`, even on its isolation. A view reinterprets it as the
// synchronous closure of the same signature, as `Observations` does (the isolation is in the
// context); call it only on the closure's isolation. Each is cast as a struct's one field, which
// no value outlives and no generic spans: the metadata of an `@isolated(any)` or typed-throws
// function type needs the iOS 18 runtimes (and counterparts), a struct's does not.

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
