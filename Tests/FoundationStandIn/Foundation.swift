// A module named `Foundation` with the few declarations the SwiftUI stand-in uses, for compiling
// the stand-ins for Apple targets against a pseudo-SDK that has no Foundation (see
// Tests/SwiftUIStandIn/README.md, "Apple targets"). Not a SwiftPM target: on Linux the stand-ins
// import the real swift-corelibs Foundation. Only ever type-checked and emitted as a module, never
// linked or run: the lock's bodies lock nothing.
//
// Shapes and availability: Apple's documentation pages (developer.apple.com/documentation/
// foundation/…), named on each declaration.
//
// As Apple's Foundation does, it re-exports the Objective-C root class (the ObjectiveC stand-in,
// Tests/AppleTargets/Platform/ObjectiveC) and bridges `String` to `NSString`: a Swift module can
// declare `@objc` API only while a module named Foundation is imported, and a `String` in it is
// representable in Objective-C only through that bridge (the XCTest stand-in's protocol).

@_exported import ObjectiveC

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
/// `NSObject`'s subclass, Sendable in Apple's overlay).
open class NSLock: NSObject, NSLocking, @unchecked Sendable {
  /// Creates the lock.
  public override init() {}
  /// Type-checked only (see the top of the file).
  open func lock() {}
  /// Type-checked only (see the top of the file).
  open func unlock() {}
}

/// foundation/thread: `class Thread`, iOS 2, macOS 10.0, tvOS 9, watchOS 2 (an Objective-C
/// class, `NSThread`, `NSObject`'s subclass).
open class Thread: NSObject, @unchecked Sendable {
  /// foundation/thread/ismainthread-swift.type.property: `class var isMainThread: Bool { get }`.
  open class var isMainThread: Bool { false }
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

/// foundation/nsstring: `class NSString`, iOS 2, macOS 10.0, tvOS 9, watchOS 2, the Objective-C
/// type a `String` bridges to (`NSObject`'s subclass). Holds nothing: only compiled against.
open class NSString: NSObject {}

/// swift/string: "String is bridged to Objective-C as NSString" (Foundation's overlay declares
/// the conformance). What the compiler needs of it: `String` is representable in Objective-C,
/// so a `String` in an `@objc` declaration (the XCTest stand-in's protocol) compiles. The
/// bodies bridge nothing.
extension String: _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSString { NSString() }

  public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout String?) {
    result = ""
  }

  public static func _conditionallyBridgeFromObjectiveC(
    _ source: NSString, result: inout String?
  ) -> Bool {
    result = ""
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> String { "" }
}
