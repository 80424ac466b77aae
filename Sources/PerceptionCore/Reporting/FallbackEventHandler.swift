/// Swift Testing's fallback event handler: a C function that the testing library running the
/// process's tests installs in `lib_TestingInterop`, and that another library calls with a
/// JSON "issue recorded" event to fail the running test (swift-testing's
/// `Sources/_TestingInterop/FallbackEventHandler.swift` declares the shapes used here).
enum FallbackEventHandler {
  /// `(recordJSONSchemaVersionNumber, recordJSONBaseAddress, recordJSONByteCount, reserved)`.
  typealias Handler =
    @Sendable @convention(c) (
      UnsafePointer<CChar>, UnsafeRawPointer, Int, UnsafeRawPointer?
    ) -> Void

  private typealias Getter = @Sendable @convention(c) () -> Handler?

  /// `_swift_testing_getFallbackEventHandler`, where `lib_TestingInterop` is loaded: looked up
  /// once per process, on the first report that reaches it.
  private static let getter: Getter? = TestInterop.symbol(
    named: "_swift_testing_getFallbackEventHandler"
  ).map { unsafeBitCast($0, to: Getter.self) }

  /// Posts `report` to the installed handler as an event, and returns whether one was
  /// installed.
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
