// Tracking must see a closure's reads on the thread that runs it, inside one synchronous
// `withPerceptionTracking` call. Swift 6.3 offers no way to call an `@isolated(any)` closure
// without `await`, even from code that runs on its isolation (6.4 allows converting it to a
// synchronous function type there). These views reinterpret the closure as the synchronous
// closure of the same signature. Both sides are stored at the most general abstraction, where
// an `@isolated(any)` closure and a plain one share their representation (the isolation is
// recovered from the closure's context, not passed in), so the view calls the closure itself.
// Observation's `Observations` does the same. Call a view only from code already running on
// the closure's isolation.
//
// Which runtime each shape needs: the metadata of an `@isolated(any)` function type, or of one
// that throws a generic error type, is made by `swift_getExtendedFunctionTypeMetadata`, which
// only the iOS 18, macOS 15, tvOS 18 and watchOS 11 runtimes have. So neither closure is cast
// as itself (`unsafeBitCast(closure, to:)` would make the metadata of both function types) but
// as the one field of a struct: the metadata of `IsolatedClosure<Result, Failure>` lays its
// field out as a function's two words without the function type's own metadata, on every
// runtime. Their field descriptors, which reflection reads, still name the function types, and
// reflecting either struct would call the missing function before iOS 18: no value of either
// outlives the cast below, so nothing can reflect one.

/// An `@isolated(any)` closure without arguments, as a struct's one field.
private struct IsolatedClosure<Result, Failure: Error> {
  let closure: @isolated(any) @Sendable () throws(Failure) -> Result
}

/// A synchronous closure without arguments, laid out as `IsolatedClosure`.
private struct SynchronousClosure<Result, Failure: Error> {
  let closure: @Sendable () throws(Failure) -> Result
}

/// A synchronous view of an `@isolated(any)` closure without arguments.
func synchronousView<Result, Failure: Error>(
  of closure: @escaping @isolated(any) @Sendable () throws(Failure) -> Result
) -> @Sendable () throws(Failure) -> Result {
  unsafeBitCast(
    IsolatedClosure(closure: closure), to: SynchronousClosure<Result, Failure>.self
  ).closure
}

/// A continuous tracking's `@isolated(any)` closure, as a struct's one field.
private struct IsolatedEventClosure {
  let closure: @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
}

/// A synchronous event closure, laid out as `IsolatedEventClosure`.
private struct SynchronousEventClosure {
  let closure: @Sendable (borrowing PerceptionTracking.Event) -> Void
}

/// A synchronous view of a continuous tracking's `@isolated(any)` closure.
func synchronousView(
  of closure: @escaping @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
) -> @Sendable (borrowing PerceptionTracking.Event) -> Void {
  unsafeBitCast(IsolatedEventClosure(closure: closure), to: SynchronousEventClosure.self)
    .closure
}
