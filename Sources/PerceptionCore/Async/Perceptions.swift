/// An asynchronous sequence of the values a closure computes from perceptible objects, one
/// each time the properties it read change.
///
/// The counterpart of Observation's `Observations` (SE-0475), with the same API and behaviour,
/// on every platform:
///
/// - The first element is the closure's value when iteration starts.
/// - Each later element is computed after a change to a property the closure read last time.
///   Changes made in one synchronous stretch, from the first `willSet` to the next suspension
///   point of the closure's isolation, give one element, computed after all of them.
/// - The closure runs on its own isolation (the actor it was written on, by default), wherever
///   the iterating task runs.
/// - Several iterators, in several tasks, may share one sequence. As with `Observations`, a
///   change wakes every iterator of the sequence that is waiting, and each computes its next
///   element; an iterator may so compute an element equal to its last.
/// - Cancelling the iterating task ends the sequence.
/// - An error thrown by the closure is thrown once by `next()`, and the sequence then ends.
///
/// ```swift
/// for await count in Perceptions({ counter.count }) {
///   print("count is", count)
/// }
/// ```
///
/// It is built on `withPerceptionTracking(_:onChange:)` alone, so it follows whatever tracking
/// that function does.
@available(iOS, deprecated: 26, renamed: "Observations")
@available(macOS, deprecated: 26, renamed: "Observations")
@available(tvOS, deprecated: 26, renamed: "Observations")
@available(watchOS, deprecated: 26, renamed: "Observations")
public struct Perceptions<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  /// What an `untilFinished` closure returns: an element, or the end of the sequence.
  public enum Iteration: Sendable {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence ends; `next()` returns nil.
    case finish
  }

  let emit: PerceptionsEmit<Element, Failure>
  /// Shared by the sequence's iterators, as `Observations` shares its state.
  let signal = ChangeSignal()
  /// Where the sequence was made, for the change trace; nil unless tracing was on then.
  let traceOrigin = TraceOrigin.capture(kind: "Perceptions")

  /// Creates a sequence of the values `emit` returns, computed again after each change to the
  /// perceptible properties it read.
  ///
  /// - Parameter emit: A closure that reads perceptible objects and returns an element. It
  ///   runs on its own isolation, which by default is the caller's.
  public init(
    @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws(Failure) -> Element
  ) {
    self.emit = .element(emit)
  }

  /// Creates a sequence whose closure decides when it ends: it goes on while `emit` returns
  /// `.next(element)`, and ends, without an element, when it returns `.finish`.
  ///
  /// - Parameter emit: A closure that reads perceptible objects and returns the next step. It
  ///   runs on its own isolation, which by default is the caller's.
  public static func untilFinished(
    @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws(Failure) -> Iteration
  ) -> Perceptions<Element, Failure> {
    Perceptions(emit: .iteration(emit))
  }

  private init(emit: PerceptionsEmit<Element, Failure>) {
    self.emit = emit
  }

  /// Creates an iterator with its own state: its first `next()` yields the current value.
  public func makeAsyncIterator() -> Iterator {
    Iterator(emit: emit, signal: signal, traceOrigin: traceOrigin)
  }
}
