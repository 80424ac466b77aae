/// The closure of a `Perceptions` sequence, in either of its two forms.
///
/// An `@isolated(any)` closure cannot be wrapped in another closure without losing its
/// isolation, so the element form is not turned into the iteration form; the two are kept
/// apart and joined when called.
enum PerceptionsEmit<Element: Sendable, Failure: Error>: Sendable {
  case element(@isolated(any) @Sendable () throws(Failure) -> Element)
  case iteration(
    @isolated(any) @Sendable () throws(Failure) -> Perceptions<Element, Failure>.Iteration)

  /// The isolation the closure runs on.
  var isolation: (any Actor)? {
    switch self {
    case .element(let closure): closure.isolation
    case .iteration(let closure): closure.isolation
    }
  }

  /// Calls the closure synchronously. Only for code already running on `isolation`.
  func callOnItsIsolation() throws(Failure) -> Perceptions<Element, Failure>.Iteration {
    switch self {
    case .element(let closure):
      .next(try SynchronousView(closure).call())
    case .iteration(let closure):
      try SynchronousView(closure).call()
    }
  }
}

/// Calls an `@isolated(any)` synchronous closure without `await`, from code that already runs
/// on the closure's isolation.
///
/// Tracking must see the closure's reads on the thread that runs it, inside one synchronous
/// `withPerceptionTracking` call, and Swift offers no safe way to call such a closure
/// synchronously even where its isolation holds. Its representation is that of a plain
/// synchronous closure of the same signature (the isolation is recovered from the closure
/// itself), so the view reinterprets it; Observation's `Observations` does the same. The
/// closure is held in a struct so that the cast sees it as stored, at its own abstraction.
private struct SynchronousView<Result, Failure: Error> {
  typealias Isolated = @isolated(any) @Sendable () throws(Failure) -> Result
  typealias Synchronous = () throws(Failure) -> Result

  let closure: Isolated

  init(_ closure: @escaping Isolated) {
    self.closure = closure
  }

  func call() throws(Failure) -> Result {
    try unsafeBitCast(self, to: Synchronous.self)()
  }
}
