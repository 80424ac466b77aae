// A stand-in for the SE-0506 API of the 27 releases' Observation, for one compile only: the
// native engine's paths for those systems (`#if compiler(>=6.4)` in Sources/PerceptionCore/Native)
// type-check against it in `.ci/observation-27-stand-in.sh`, as no Swift 6.4 toolchain and no
// Apple SDK are here. Every declaration follows Apple's documentation page for it (see this
// folder's README.md); the bodies only trap, as nothing runs them.
//
// `ObservationTracking` is Observation's own name: the 27 SDKs make it a public struct (its page
// lists `Event`, `Options` and `Token`), where Swift 6.3.1's is SPI. The files that import this
// stand-in see only this one, as they import Observation without its SPI.

import Observation

/// Apple's `ObservationTracking` (page: observation/observationtracking), with the SE-0506 members
/// of the 27 releases.
public struct ObservationTracking: Sendable {
  /// Page: observation/observationtracking/options, which lists `willSet`, `didSet`, `deinit`
  /// and the conformances `SetAlgebra`, `ExpressibleByArrayLiteral`, `Equatable`, `Sendable`.
  public struct Options: SetAlgebra, Sendable {
    private var bits: UInt8

    private init(bits: UInt8) { self.bits = bits }

    /// `static var willSet: ObservationTracking.Options { get }`
    public static var willSet: ObservationTracking.Options { Options(bits: 1) }
    /// `static var didSet: ObservationTracking.Options { get }`
    public static var didSet: ObservationTracking.Options { Options(bits: 2) }
    /// ``static var `deinit`: ObservationTracking.Options { get }``
    public static var `deinit`: ObservationTracking.Options { Options(bits: 4) }

    public init() { bits = 0 }
    public init(arrayLiteral elements: Options...) {
      bits = elements.reduce(0) { $0 | $1.bits }
    }
    public func contains(_ member: Options) -> Bool { bits & member.bits == member.bits }
    public func union(_ other: Options) -> Options { Options(bits: bits | other.bits) }
    public func intersection(_ other: Options) -> Options { Options(bits: bits & other.bits) }
    public func symmetricDifference(_ other: Options) -> Options {
      Options(bits: bits ^ other.bits)
    }
    public mutating func insert(_ newMember: Options) -> (
      inserted: Bool, memberAfterInsert: Options
    ) {
      let inserted = !contains(newMember)
      bits |= newMember.bits
      return (inserted, newMember)
    }
    public mutating func remove(_ member: Options) -> Options? {
      defer { bits &= ~member.bits }
      return contains(member) ? member : nil
    }
    public mutating func update(with newMember: Options) -> Options? {
      defer { bits |= newMember.bits }
      return contains(newMember) ? newMember : nil
    }
    public mutating func formUnion(_ other: Options) { bits |= other.bits }
    public mutating func formIntersection(_ other: Options) { bits &= other.bits }
    public mutating func formSymmetricDifference(_ other: Options) { bits ^= other.bits }
  }

  /// Page: observation/observationtracking/event: `kind`, `cancel()`, `matches(_:)`. Declared
  /// noncopyable, as SE-0506 declares it and as the callbacks receive it (`borrowing`), so that
  /// code copying an event fails here as it would there.
  public struct Event: ~Copyable {
    /// Page: observation/observationtracking/event/kind-swift.struct: a struct with the static
    /// members `initial`, `willSet`, `didSet` and `deinit` (`Equatable` and `Sendable` per
    /// SE-0506).
    public struct Kind: Equatable, Sendable {
      private let value: UInt8
      /// `static var initial: ObservationTracking.Event.Kind { get }`
      public static var initial: Kind { Kind(value: 0) }
      /// `static var willSet: ObservationTracking.Event.Kind { get }`
      public static var willSet: Kind { Kind(value: 1) }
      /// `static var didSet: ObservationTracking.Event.Kind { get }`
      public static var didSet: Kind { Kind(value: 2) }
      /// ``static var `deinit`: ObservationTracking.Event.Kind { get }``
      public static var `deinit`: Kind { Kind(value: 3) }
    }

    /// `var kind: ObservationTracking.Event.Kind { get }`
    public var kind: Kind { fatalError("stand-in: never runs") }

    /// `func cancel()`
    public func cancel() { fatalError("stand-in: never runs") }

    /// `func matches(_ keyPath: PartialKeyPath<some Observable>) -> Bool`
    public func matches(_ keyPath: PartialKeyPath<some Observable>) -> Bool {
      fatalError("stand-in: never runs")
    }
  }

  /// Page: observation/observationtracking/token: `cancel()`. Noncopyable, with a consuming
  /// `cancel()` that its deinit also performs, per SE-0506.
  public struct Token: ~Copyable, Sendable {
    /// `consuming func cancel()`
    public consuming func cancel() { fatalError("stand-in: never runs") }

    deinit {}
  }
}

/// Page: observation/withobservationtracking(options:_:onChange:):
/// `func withObservationTracking<Result, Failure>(options: ObservationTracking.Options,
/// _ apply: () throws(Failure) -> Result, onChange: @escaping @Sendable (borrowing
/// ObservationTracking.Event) -> Void) throws(Failure) -> Result where Failure : Error,
/// Result : ~Copyable`
public func withObservationTracking<Result: ~Copyable, Failure: Error>(
  options: ObservationTracking.Options,
  _ apply: () throws(Failure) -> Result,
  onChange: @escaping @Sendable (borrowing ObservationTracking.Event) -> Void
) throws(Failure) -> Result {
  fatalError("stand-in: never runs")
}

/// Page: observation/withcontinuousobservation(options:apply:):
/// `func withContinuousObservation(options: ObservationTracking.Options, apply: @escaping
/// @isolated(any) @Sendable (borrowing ObservationTracking.Event) -> Void) ->
/// ObservationTracking.Token`
public func withContinuousObservation(
  options: ObservationTracking.Options,
  apply: @escaping @isolated(any) @Sendable (borrowing ObservationTracking.Event) -> Void
) -> ObservationTracking.Token {
  fatalError("stand-in: never runs")
}
