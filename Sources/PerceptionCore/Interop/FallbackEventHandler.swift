// Interop entry: Swift Testing's fallback event handler.
// - Depends on: `_swift_testing_getFallbackEventHandler`, an underscored C entry point of the
//   toolchain's `lib_TestingInterop`, found by name with `dlsym` (`perception_runtime_symbol`);
//   the handler's C signature (swift-testing's `_TestingInterop/FallbackEventHandler.swift`);
//   the "issue recorded" event of Swift Testing's JSON schema 6.3 (`IssueRecordedEvent`, in
//   Reporting, from swift-testing's `Documentation/ABI/JSON.md`). Checked with Swift 6.3.1's
//   `/opt/swift/usr/lib/swift/linux/lib_TestingInterop.so`, whose testing libraries install
//   no handler themselves.
// - Missing (no symbol, no handler installed, `PERCEPTION_INTEROP=0`, or a platform without
//   `dlsym`): `post` returns false and the report goes on to the next destinations
//   (`RuntimeReporter`): an Xcode runtime issue and standard error.
// - Tested: `ChildProcessTests` (PerceptionTestSupportTests), Linux only, in child processes
//   of `PerceptionReportControl interop`, which installs a handler: the event it receives,
//   against the schema; and, with `PERCEPTION_INTEROP=0`, no event and the report on standard
//   error.

/// Swift Testing's fallback event handler, which fails the running test on a JSON "issue
/// recorded" event.
enum FallbackEventHandler {
  /// `(recordJSONSchemaVersionNumber, recordJSONBaseAddress, recordJSONByteCount, reserved)`.
  typealias Handler =
    @Sendable @convention(c) (
      UnsafePointer<CChar>, UnsafeRawPointer, Int, UnsafeRawPointer?
    ) -> Void

  private typealias Getter = @Sendable @convention(c) () -> Handler?

  /// `_swift_testing_getFallbackEventHandler`, looked up once, on the first report; never
  /// when the interop switch is off.
  private static let getter: Getter? =
    InteropSwitch.isEnabled
    ? TestInterop.symbol(named: "_swift_testing_getFallbackEventHandler").map {
      unsafeBitCast($0, to: Getter.self)
    } : nil

  /// Returns whether a handler was installed.
  static func post(_ report: RuntimeReport) -> Bool {
    guard let handler = getter?() else { return false }
    var record = IssueRecordedEvent(report: report, instant: TestInterop.now()).json
    record.withUTF8 { bytes in
      IssueRecordedEvent.schemaVersion.withCString { version in
        // A String's UTF-8 storage is never empty here: the record is a JSON object.
        handler(version, UnsafeRawPointer(bytes.baseAddress!), bytes.count, nil)
      }
    }
    return true
  }
}
