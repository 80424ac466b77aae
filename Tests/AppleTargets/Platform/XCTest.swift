// A stand-in for Apple's XCTest module, for .ci/apple-targets.sh: what PerceptionTestSupport
// uses (XCTestWitness.swift), as Swift imports Apple's Objective-C XCTest, so that the package's
// `canImport(XCTest)` branch is compiled for each Apple target against Apple's shapes rather than
// swift-corelibs-xctest's (Linux's, whose `XCTestObservation` is a Swift protocol). Only compiled
// against: nothing runs, and the bodies do nothing.
//
// Sources, named on each declaration:
// - the Objective-C headers: `XCTestObservation.h` and `XCTestObservationCenter.h` before
//   Xcode 12 (github.com/eonist/UITestSugar, XCTest.framework/Headers/, and
//   github.com/modocache/XCTest-Headers, XCTestObservationCenter.h), and Xcode 12's
//   `XCTIssue.h` (github.com/fero2004/XCTest, XCTIssue.h);
// - how Swift imports them and the overlay's Swift declarations: Apple's documentation pages,
//   as mirrored in github.com/Averyy/apple-dev-docs, documentation/XCTest/… (the page of
//   developer.apple.com/documentation/xctest/… of the same name).
// XCTest ships with Xcode, not with the OS: these headers carry no OS availability but the
// deprecations of XCTestDefines.h's `XCT_DEPRECATED_WITH_REPLACEMENT`, which Xcode 12 defines as
// `API_DEPRECATED_WITH_REPLACEMENT(r, macos(10.13, 10.13), ios(8.0, 8.0), tvos(9.0, 9.0))`.
// No actor isolation: the headers found mark none of these declarations `XCT_SWIFT_MAIN_ACTOR`
// (XCTest's `@MainActor`, which later headers put on UI-testing API and on
// `-waitForExpectationsWithTimeout:handler:`), though none found is from Xcode 16 or later.

// XCTest.h imports Foundation, and the module re-exports it (and with it ObjectiveC's NSObject).
@_exported import Foundation

/// XCAbstractTest.h: `@interface XCTest : NSObject`; xctest-class.md: `class XCTest`.
open class XCTest: NSObject {
  /// xctest/name.md: `var name: String { get }` ("Must be overridden by subclasses").
  open var name: String { "" }
}

/// XCTestCase.h: `@interface XCTestCase : XCTest`; xctestcase.md: `class XCTestCase`.
open class XCTestCase: XCTest {}

/// XCTestSuite.h: `@interface XCTestSuite : XCTest`; xctestsuite.md: `class XCTestSuite`.
open class XCTestSuite: XCTest {}

/// XCTIssue.h (Xcode 12): `@interface XCTIssue : NSObject <NSCopying, NSMutableCopying,
/// NSSecureCoding>`, which Swift names `XCTIssueReference` (xctissuereference.md: "class
/// XCTIssueReference"); the overlay's `struct XCTIssue` bridges to it.
open class XCTIssueReference: NSObject {
  /// XCTIssue.h: `typedef NS_ENUM(NSInteger, XCTIssueType)`, in Swift
  /// `XCTIssueReference.IssueType` (xctissue-swift.struct/issuetype.md).
  @objc public enum IssueType: Int, Sendable {
    case assertionFailure = 0
    case thrownError = 1
    case uncaughtException = 2
    case performanceRegression = 3
    case system = 4
    case unmatchedExpectedFailure = 5
  }

  /// `@property (readonly) XCTIssueType type`.
  open var type: IssueType { .assertionFailure }
  /// `@property (readonly, copy) NSString *compactDescription`.
  open var compactDescription: String { "" }
  /// `@property (readonly, copy, nullable) NSString *detailedDescription`.
  open var detailedDescription: String? { nil }
}

/// xctissue-swift.struct/*.md: the overlay's `struct XCTIssue`, what Swift code receives for
/// Objective-C's `XCTIssue *` (the `_ObjectiveCBridgeable` bridge is the overlay's).
public struct XCTIssue {
  /// xctissue-swift.struct/issuetype.md: `typealias IssueType = XCTIssueReference.IssueType`.
  public typealias IssueType = XCTIssueReference.IssueType

  /// xctissue-swift.struct/type.md: `var type: XCTIssue.IssueType`.
  public var type: IssueType
  /// xctissue-swift.struct/compactdescription.md: `var compactDescription: String`.
  public var compactDescription: String
  /// xctissue-swift.struct/detaileddescription.md: `var detailedDescription: String?`.
  public var detailedDescription: String?

  /// xctissue-swift.struct/init-typecompactdescription…: `init(type:compactDescription:…)`,
  /// here with its first two parameters and the third's default.
  public init(type: IssueType, compactDescription: String, detailedDescription: String? = nil) {
    self.type = type
    self.compactDescription = compactDescription
    self.detailedDescription = detailedDescription
  }
}

extension XCTIssue: _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> XCTIssueReference { XCTIssueReference() }

  public static func _forceBridgeFromObjectiveC(
    _ source: XCTIssueReference, result: inout XCTIssue?
  ) {
    result = XCTIssue(type: source.type, compactDescription: source.compactDescription)
  }

  public static func _conditionallyBridgeFromObjectiveC(
    _ source: XCTIssueReference, result: inout XCTIssue?
  ) -> Bool {
    _forceBridgeFromObjectiveC(source, result: &result)
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: XCTIssueReference?) -> XCTIssue
  {
    XCTIssue(type: .assertionFailure, compactDescription: source?.compactDescription ?? "")
  }
}

/// XCTExpectedFailure.h (Xcode 12.5): `@interface XCTExpectedFailure : NSObject`;
/// xctexpectedfailure.md: `class XCTExpectedFailure`.
open class XCTExpectedFailure: NSObject {}

/// XCTestObservation.h: `@protocol XCTestObservation <NSObject>`, every method `@optional`;
/// xctestobservation.md: `protocol XCTestObservation : NSObjectProtocol`. The bundle events
/// (`testBundleWillStart(_:)`, `testBundleDidFinish(_:)`, taking a `Bundle`) are left out: the
/// Foundation stand-in has no `Bundle`.
@objc public protocol XCTestObservation: NSObjectProtocol {
  /// xctestobservation/testsuitewillstart.md: `optional func testSuiteWillStart(_ testSuite:
  /// XCTestSuite)`.
  @objc optional func testSuiteWillStart(_ testSuite: XCTestSuite)

  /// xctestobservation/testsuite-didrecord-3rk9k.md: `optional func testSuite(_ testSuite:
  /// XCTestSuite, didRecord issue: XCTIssue)`; `-testSuite:didRecordIssue:` (Xcode 12).
  @objc(testSuite:didRecordIssue:)
  optional func testSuite(_ testSuite: XCTestSuite, didRecord issue: XCTIssue)

  /// xctestobservation/testsuite-didrecord-1xjkv.md: `optional func testSuite(_ testSuite:
  /// XCTestSuite, didRecord expectedFailure: XCTExpectedFailure)`;
  /// `-testSuite:didRecordExpectedFailure:` (Xcode 12.5).
  @objc(testSuite:didRecordExpectedFailure:)
  optional func testSuite(_ testSuite: XCTestSuite, didRecord expectedFailure: XCTExpectedFailure)

  /// xctestobservation/testsuitedidfinish.md: `optional func testSuiteDidFinish(_ testSuite:
  /// XCTestSuite)`.
  @objc optional func testSuiteDidFinish(_ testSuite: XCTestSuite)

  /// xctestobservation/testcasewillstart.md: `optional func testCaseWillStart(_ testCase:
  /// XCTestCase)`.
  @objc optional func testCaseWillStart(_ testCase: XCTestCase)

  /// xctestobservation/testcase-didrecord-4cou6.md: `optional func testCase(_ testCase:
  /// XCTestCase, didRecord issue: XCTIssue)`; `-testCase:didRecordIssue:` (Xcode 12).
  @objc(testCase:didRecordIssue:)
  optional func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue)

  /// xctestobservation/testcase-didrecord-8k955.md: `optional func testCase(_ testCase:
  /// XCTestCase, didRecord expectedFailure: XCTExpectedFailure)`;
  /// `-testCase:didRecordExpectedFailure:` (Xcode 12.5).
  @objc(testCase:didRecordExpectedFailure:)
  optional func testCase(_ testCase: XCTestCase, didRecord expectedFailure: XCTExpectedFailure)

  /// xctestobservation/testcasedidfinish.md: `optional func testCaseDidFinish(_ testCase:
  /// XCTestCase)`.
  @objc optional func testCaseDidFinish(_ testCase: XCTestCase)

  /// xctestobservation/testsuite-didfailwithdescriptioninfileatline.md (deprecated):
  /// `-testSuite:didFailWithDescription:inFile:atLine:`, `XCT_DEPRECATED_WITH_REPLACEMENT(
  /// "-testSuite:didRecordIssue:")` from Xcode 12; `NSUInteger` line, imported as `Int`.
  @available(macOS, introduced: 10.13, deprecated: 10.13, renamed: "testSuite(_:didRecord:)")
  @available(iOS, introduced: 8.0, deprecated: 8.0, renamed: "testSuite(_:didRecord:)")
  @available(tvOS, introduced: 9.0, deprecated: 9.0, renamed: "testSuite(_:didRecord:)")
  @objc optional func testSuite(
    _ testSuite: XCTestSuite, didFailWithDescription description: String,
    inFile filePath: String?, atLine lineNumber: Int)

  /// xctestobservation/testcase-didfailwithdescriptioninfileatline.md (deprecated):
  /// `-testCase:didFailWithDescription:inFile:atLine:`, `XCT_DEPRECATED_WITH_REPLACEMENT(
  /// "-testCase:didRecordIssue:")` from Xcode 12. XCTest sends it only to an observer that does
  /// not respond to `-testCase:didRecordIssue:`.
  @available(macOS, introduced: 10.13, deprecated: 10.13, renamed: "testCase(_:didRecord:)")
  @available(iOS, introduced: 8.0, deprecated: 8.0, renamed: "testCase(_:didRecord:)")
  @available(tvOS, introduced: 9.0, deprecated: 9.0, renamed: "testCase(_:didRecord:)")
  @objc optional func testCase(
    _ testCase: XCTestCase, didFailWithDescription description: String,
    inFile filePath: String?, atLine lineNumber: Int)
}

/// XCTestObservationCenter.h: `@interface XCTestObservationCenter : NSObject`;
/// xctestobservationcenter.md: `class XCTestObservationCenter`.
open class XCTestObservationCenter: NSObject {
  /// `+ (XCTestObservationCenter *)sharedTestObservationCenter`;
  /// xctestobservationcenter/shared.md: `class var shared: XCTestObservationCenter { get }`.
  open class var shared: XCTestObservationCenter { XCTestObservationCenter() }

  /// `- (void)addTestObserver:(id <XCTestObservation>)testObserver`;
  /// xctestobservationcenter/addtestobserver.md: `func addTestObserver(_ testObserver: any
  /// XCTestObservation)`. At run time XCTest accepts it on the main thread only ("Test
  /// observers can only be registered and unregistered on the main thread", its
  /// NSInternalInconsistencyException); the declaration does not say so.
  open func addTestObserver(_ testObserver: any XCTestObservation) {}

  /// `- (void)removeTestObserver:(id <XCTestObservation>)testObserver`;
  /// xctestobservationcenter/removetestobserver.md.
  open func removeTestObserver(_ testObserver: any XCTestObservation) {}
}

/// unconditional-test-failures.md: `func XCTFail(_ message: String = "", file: StaticString =
/// #filePath, line: UInt = #line)`, the overlay's.
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
