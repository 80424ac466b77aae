import Observation
import PerceptionCore

/// An iterator a scenario advances the way a user advances it: with a plain `next()` call on
/// the concrete iterator type, from the caller's isolation.
///
/// A scenario is written once, generically, but a call to `next()` through a generic
/// `AsyncIteratorProtocol` reaches the protocol requirement, not the overload a user's code on
/// the concrete type resolves to, and the two can differ in where they suspend. So each
/// conformance below spells the call out on its concrete type, in a function isolated to the
/// scenario's actor: what runs is exactly what `await iterator.next()` runs in user code.
public protocol ScenarioIterator<Element, Failure> {
  /// The type of the elements.
  associatedtype Element
  /// The error the iterator may throw.
  associatedtype Failure: Error

  /// `await iterator.next()`, as written on the concrete type from `isolation`.
  mutating func step(isolation: isolated (any Actor)?) async throws(Failure) -> Element?
}

extension Observations.Iterator: ScenarioIterator {
  public mutating func step(isolation: isolated (any Actor)?) async throws(Failure) -> Element? {
    try await next()
  }
}

extension Perceptions.Iterator: ScenarioIterator {
  public mutating func step(isolation: isolated (any Actor)?) async throws(Failure) -> Element? {
    try await next()
  }
}
