#if canImport(XCTest)
  import Foundation
  internal import PerceptionCore
  import XCTest

  #if canImport(Darwin)
    import Darwin
    import Dispatch
  #endif

  /// Fails the running XCTest case with `XCTFail`, and sees whether XCTest took the failure:
  /// XCTest drops a failure recorded while no case runs (on another library's test, or after
  /// the last case), and the report then goes to standard error. An observer of XCTest's
  /// events, registered on the first report; it also names the running case, so that reports
  /// are deduplicated per case.
  final class XCTestWitness: NSObject, XCTestObservation, @unchecked Sendable {
    // Sendable: `running` is only touched under `lock`.
    static let shared: XCTestWitness = {
      let witness = XCTestWitness()
      witness.register()
      return witness
    }()

    /// Registers the witness with XCTest. Apple's XCTest takes an observer on the main thread
    /// only (elsewhere it raises NSInternalInconsistencyException, "Test observers can only be
    /// registered and unregistered on the main thread"), and the first report can come from any
    /// thread: Swift Testing runs its tests off the main thread, and a report made where no test
    /// is current ends here. Off the main thread the witness registers on the main queue without
    /// waiting (a wait would deadlock a main thread that waits for this one); until then it sees
    /// no case, so a failure it records then also goes to standard error.
    private func register() {
      #if canImport(Darwin)
        if pthread_main_np() == 0 {
          DispatchQueue.main.async { XCTestObservationCenter.shared.addTestObserver(self) }
          return
        }
      #endif
      XCTestObservationCenter.shared.addTestObserver(self)
    }

    /// The failure being recorded on this task, which the observer marks as taken.
    @TaskLocal private static var pending: Pending?

    private final class Pending: @unchecked Sendable {
      // Sendable: set by XCTest's synchronous callback, in the task that reads it.
      var isTaken = false
    }

    private let lock = NSLock()
    private var running: XCTestCase?

    /// The name of the case running now, once the witness has seen it start or fail.
    var currentTestName: String? {
      lock.withLock { running?.name }
    }

    /// Fails the running case with `report`, at its location where known, and returns whether
    /// a case took the failure.
    func recordFailure(_ report: RuntimeReport) -> Bool {
      let pending = Pending()
      Self.$pending.withValue(pending) {
        if let location = report.location {
          XCTFail(report.message, file: location.fileID, line: location.line)
        } else {
          XCTFail(report.message, file: "<unknown>", line: 0)
        }
      }
      return pending.isTaken
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
      lock.withLock { running = testCase }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      lock.withLock { if running === testCase { running = nil } }
    }

    #if canImport(Darwin)
      func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
        failureRecorded(in: testCase)
      }
    #else
      func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String,
        inFile filePath: String?, atLine lineNumber: Int
      ) {
        failureRecorded(in: testCase)
      }
    #endif

    /// Marks this task's pending failure as taken; the first one also names the case that was
    /// running before the witness was registered.
    private func failureRecorded(in testCase: XCTestCase) {
      guard let pending = Self.pending else { return }
      pending.isTaken = true
      lock.withLock { if running == nil { running = testCase } }
    }
  }
#endif
