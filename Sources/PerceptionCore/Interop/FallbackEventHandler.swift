/// Swift Testing's fallback event handler, which fails the running test on a JSON "issue
/// recorded" event (shapes from swift-testing's `_TestingInterop/FallbackEventHandler.swift`).
enum FallbackEventHandler {
  /// `(recordJSONSchemaVersionNumber, recordJSONBaseAddress, recordJSONByteCount, reserved)`.
  typealias Handler =
    @Sendable @convention(c) (
      UnsafePointer<CChar>, UnsafeRawPointer, Int, UnsafeRawPointer?
    ) -> Void

  private typealias Getter = @Sendable @convention(c) () -> Handler?

  /// `_swift_testing_getFallbackEventHandler`, looked up once, on the first report.
  private static let getter: Getter? = TestInterop.symbol(
    named: "_swift_testing_getFallbackEventHandler"
  ).map { unsafeBitCast($0, to: Getter.self) }

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
