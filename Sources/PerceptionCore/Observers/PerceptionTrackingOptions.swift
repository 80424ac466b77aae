extension PerceptionTracking {
  /// Which events an options or continuous tracking delivers: Observation's
  /// `ObservationTracking.Options` (SE-0506), like it a `SetAlgebra`, not an `OptionSet`, so that
  /// its storage stays private.
  @available(iOS, deprecated: 27, renamed: "ObservationTracking.Options")
  @available(macOS, deprecated: 27, renamed: "ObservationTracking.Options")
  @available(tvOS, deprecated: 27, renamed: "ObservationTracking.Options")
  @available(watchOS, deprecated: 27, renamed: "ObservationTracking.Options")
  public struct Options: SetAlgebra, Sendable {
    /// Inlinable, so that an options literal folds to a constant where it is written.
    @usableFromInline
    var bits: UInt8

    @inlinable
    init(bits: UInt8) {
      self.bits = bits
    }

    /// No events.
    @inlinable
    public init() {
      bits = 0
    }

    /// An event before a tracked property changes, before its new value is stored.
    @inlinable
    public static var willSet: Options { Options(bits: 1 << 0) }

    /// An event after a tracked property changed.
    @inlinable
    public static var didSet: Options { Options(bits: 1 << 1) }

    /// An event when a tracked object is released.
    @inlinable
    public static var `deinit`: Options { Options(bits: 1 << 2) }

    /// The options listed.
    @inlinable
    public init(arrayLiteral elements: Options...) {
      bits = elements.reduce(0) { $0 | $1.bits }
    }

    /// Whether every option of `member` is in these options.
    @inlinable
    public func contains(_ member: Options) -> Bool {
      bits & member.bits == member.bits
    }

    /// The options in either.
    public func union(_ other: Options) -> Options {
      Options(bits: bits | other.bits)
    }

    /// The options in both.
    public func intersection(_ other: Options) -> Options {
      Options(bits: bits & other.bits)
    }

    /// The options in exactly one of the two.
    public func symmetricDifference(_ other: Options) -> Options {
      Options(bits: bits ^ other.bits)
    }

    /// Adds `newMember`; says whether it was new, and returns the member now in the set.
    @discardableResult
    public mutating func insert(_ newMember: Options) -> (
      inserted: Bool, memberAfterInsert: Options
    ) {
      if contains(newMember) { return (false, newMember) }
      bits |= newMember.bits
      return (true, newMember)
    }

    /// Removes `member`, returning the options of it that were present, or nil if none were.
    @discardableResult
    public mutating func remove(_ member: Options) -> Options? {
      let removed = intersection(member)
      bits &= ~member.bits
      return removed.bits == 0 ? nil : removed
    }

    /// Adds `newMember`, returning the options of it that were already present, or nil.
    @discardableResult
    public mutating func update(with newMember: Options) -> Options? {
      let present = intersection(newMember)
      bits |= newMember.bits
      return present.bits == 0 ? nil : present
    }

    /// Adds the options of `other`.
    public mutating func formUnion(_ other: Options) {
      bits |= other.bits
    }

    /// Keeps only the options also in `other`.
    public mutating func formIntersection(_ other: Options) {
      bits &= other.bits
    }

    /// Keeps the options in exactly one of the two.
    public mutating func formSymmetricDifference(_ other: Options) {
      bits ^= other.bits
    }
  }
}
