// Interop entry: calling an `@isolated(any)` closure synchronously, which Swift 6.3 does not
// allow even on the closure's own isolation (SE-0431 leaves it to a future direction), where a
// tracking must see the closure's reads in one synchronous call: `Perceptions` and
// `withContinuousPerception`, whose closures are `@isolated(any)` as `Observations`' is.
// - Depends on: an `@isolated(any)` function value having the representation of the plain
//   function of the same signature, its isolation carried in its context, so that a view of it
//   as the plain type calls the same code with the same context. Swift does not document this;
//   Observation's own `Observations` rests on it, reinterpreting its `@isolated(any)` closure
//   the same way (swiftlang/swift's `stdlib/public/Observation/Sources/Observation/
//   Observations.swift`, `Iterator.ElementClosure.toSynchronous()`, "Workaround for
//   converting @isolated(any) function ... to synchronous function type ... is not allowed"),
//   so Apple's shipped Observation binaries do too. Checked with Swift 6.3.1 on Linux; built,
//   not run, for every Apple target by `.ci/apple-targets.sh`.
// - Missing: no quiet case for a change of size: `unsafeBitCast` checks the two sizes, in
//   release builds too, and stops the process at the first call. A change of representation at
//   the same size could not be told here: the tests below would fail. `PERCEPTION_INTEROP=0`
//   leaves it on: no other way calls the closure synchronously.
// - Tested: `PerceptionsIsolationTests` and `ContinuousPerceptionTests`
//   (`applyRunsOnItsOwnIsolation`): the closure runs on its isolation and sees its reads, on
//   both engines, beside `Observations` (any platform).
//
// Call the view only on the closure's isolation. Each closure is cast as a struct's one field,
// which no value outlives and no generic spans: the metadata of an `@isolated(any)` or
// typed-throws function type needs the iOS 18 runtimes (and counterparts), a struct's does not.

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
