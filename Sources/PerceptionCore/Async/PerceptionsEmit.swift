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
      .next(try synchronousView(of: closure)())
    case .iteration(let closure):
      try synchronousView(of: closure)()
    }
  }
}
