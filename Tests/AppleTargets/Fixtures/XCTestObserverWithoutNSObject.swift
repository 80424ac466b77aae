// The XCTest stand-in's control (.ci/apple-targets.sh): an observer that is a Swift class and no
// NSObject. swift-corelibs-xctest, whose `XCTestObservation` is a Swift protocol, accepts it;
// Apple's XCTest, whose `XCTestObservation` refines `NSObjectProtocol`, does not, and neither must
// the stand-in: "cannot declare conformance to 'NSObjectProtocol' in Swift; 'Observer' should
// inherit 'NSObject' instead".
import XCTest

final class Observer: XCTestObservation {
  func testCaseWillStart(_ testCase: XCTestCase) {}
}
