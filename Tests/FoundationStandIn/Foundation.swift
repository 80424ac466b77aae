// A module named `Foundation` with the few declarations the SwiftUI stand-in uses, for compiling
// the stand-ins for Apple targets against a pseudo-SDK that has no Foundation (see
// Tests/SwiftUIStandIn/README.md, "Apple targets"). Not a SwiftPM target: on Linux the stand-ins
// import the real swift-corelibs Foundation. Only ever type-checked and emitted as a module, never
// linked or run: the lock's bodies lock nothing.
//
// Shapes and availability: Apple's documentation pages (developer.apple.com/documentation/
// foundation/…), named on each declaration.

/// foundation/nslocking: `protocol NSLocking`, iOS 2, macOS 10.0, tvOS 9, watchOS 2.
public protocol NSLocking {
  /// foundation/nslocking/lock(): `func lock()`.
  func lock()
  /// foundation/nslocking/unlock(): `func unlock()`.
  func unlock()
}

extension NSLocking {
  /// foundation/nslocking/withlock(_:): `func withLock<R>(_ body: () throws -> R) rethrows -> R`,
  /// iOS 8, macOS 10.10, tvOS 9, watchOS 2.
  @available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
  public func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// foundation/nslock: `class NSLock`, iOS 2, macOS 10.0, tvOS 9, watchOS 2 (an Objective-C class,
/// Sendable in Apple's overlay).
open class NSLock: NSLocking, @unchecked Sendable {
  /// Creates the lock.
  public init() {}
  /// Type-checked only (see the top of the file).
  open func lock() {}
  /// Type-checked only (see the top of the file).
  open func unlock() {}
}

/// foundation/comparisonresult: `enum ComparisonResult`, an Objective-C enumeration
/// (`NSComparisonResult`) with no availability of its own.
@frozen public enum ComparisonResult: Int, Sendable {
  /// The left operand is smaller.
  case orderedAscending = -1
  /// The operands are equal.
  case orderedSame = 0
  /// The left operand is greater.
  case orderedDescending = 1
}

/// foundation/sortorder: `@frozen enum SortOrder`, iOS 15, macOS 12, tvOS 15, watchOS 8.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public enum SortOrder: Hashable, Sendable {
  /// Ascending.
  case forward
  /// Descending.
  case reverse
}

/// foundation/sortcomparator: `@preconcurrency protocol SortComparator<Compared> : Hashable,
/// Sendable`, iOS 15, macOS 12, tvOS 15, watchOS 8.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@preconcurrency
public protocol SortComparator<Compared>: Hashable, Sendable {
  /// foundation/sortcomparator/compared: `associatedtype Compared`.
  associatedtype Compared
  /// foundation/sortcomparator/compare(_:_:).
  func compare(_ lhs: Self.Compared, _ rhs: Self.Compared) -> ComparisonResult
  /// foundation/sortcomparator/order: `var order: SortOrder { get set }`.
  var order: SortOrder { get set }
}
