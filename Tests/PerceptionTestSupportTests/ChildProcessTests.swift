#if os(Linux)
  import Foundation
  import Testing

  /// What one run of an executable built beside this test binary printed, and how it ended.
  struct ChildRun {
    var standardOutput: String
    var standardError: String
    var status: Int32

    /// Runs `executable` with `arguments`, `PERCEPTION_ENGINE=engine` and `variables`.
    init(
      _ executable: String, _ arguments: [String], engine: String,
      variables: [String: String] = [:]
    ) throws {
      let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
      let process = Process()
      process.executableURL = products.appendingPathComponent(executable)
      process.arguments = arguments
      var environment = ProcessInfo.processInfo.environment
      environment["PERCEPTION_ENGINE"] = engine
      environment.merge(variables) { _, new in new }
      process.environment = environment
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      // Standard error is read on another thread, so that neither pipe fills while the
      // other is read.
      let errorData = LockedList<Data>()
      let reader = Thread { errorData.append(error.fileHandleForReading.readDataToEndOfFile()) }
      reader.start()
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      while errorData.all.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
      standardOutput = String(decoding: outputData, as: UTF8.self)
      standardError = String(decoding: errorData.all[0], as: UTF8.self)
      status = process.terminationStatus
    }

    /// The lines of standard error that are the library's reports.
    var reports: [Substring] {
      standardError.split(separator: "\n").filter { $0.hasPrefix("Perception:") }
    }

    /// The location the scenario printed before its read: `read at Module/File.swift:line`.
    var readLocation: String? {
      standardOutput.split(separator: "\n").first { $0.hasPrefix("read at ") }
        .map { String($0.dropFirst("read at ".count)) }
    }
  }

  // The destinations that need a process of their own: an XCTest run that links
  // PerceptionTestSupport (Linux's XCTest has no XCTExpectFailure), and one that does not, with
  // and without a fallback event handler installed.
  @Suite(
    "Reports in XCTest and through Swift Testing's fallback event handler (child processes)",
    .enabled(if: isDebugBuild, "checking is compiled out of release builds"))
  struct ChildProcessTests {
    @Test(arguments: ["perception", "native"])
    func anXCTestCaseFailsWithTheReportWhereTheSupportLibraryIsLinked(engine: String) throws {
      let run = try ChildRun("PerceptionReportProbe", [], engine: engine)
      #expect(run.status != 0)
      let location = try #require(run.readLocation)
      // XCTest prints a failure on standard output: FILE:LINE: error: CASE : failed - MESSAGE
      let failure = run.standardOutput.split(separator: "\n").first { $0.contains(": error: ") }
      let expected =
        "\(location): error: UntrackedReadCase.testUntrackedRead : failed - "
        + "Perception: Meter.level was read at \(location):"
      #expect(failure?.hasPrefix(expected) == true, "\(run.standardOutput)")
      #expect(run.standardOutput.contains("Executed 1 test, with 1 failure"))
      // Taken by the test: not written to standard error as well.
      #expect(!run.standardError.contains("Perception:"), "\(run.standardError)")
    }

    @Test(arguments: ["perception", "native"])
    func withoutTheSupportLibraryTheCasePassesAndTheReportIsOnStandardError(engine: String)
      throws
    {
      let run = try ChildRun("PerceptionReportControl", ["xctest"], engine: engine)
      #expect(run.status == 0, "\(run.standardOutput)")
      #expect(run.standardOutput.contains("Executed 1 test, with 0 failures"))
      let location = try #require(run.readLocation)
      let lines = run.standardError.split(separator: "\n").filter { $0.hasPrefix("Perception:") }
      #expect(lines.count == 1, "\(run.standardError)")
      #expect(
        lines.first?.hasPrefix("Perception: Meter.level was read at \(location):") == true)
    }

    @Test(arguments: ["perception", "native"])
    func aFallbackEventHandlerReceivesAnIssueRecordedEvent(engine: String) throws {
      let run = try ChildRun("PerceptionReportControl", ["interop"], engine: engine)
      #expect(run.status == 0, "\(run.standardOutput)")
      let location = try #require(run.readLocation)
      let events = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("event ") }
      try #require(events.count == 1, "\(run.standardOutput)")
      let parts = events[0].split(separator: " ", maxSplits: 2)
      #expect(parts[1] == "6.3")
      try IssueRecordedSchema.check(Data(parts[2].utf8), location: location)
      // Taken by the handler: not written to standard error as well.
      #expect(!run.standardError.contains("Perception:"), "\(run.standardError)")
    }

    /// The test above is the control: the same run, the switch unset, posts the event.
    @Test(arguments: ["perception", "native"])
    func withInteropOffTheFallbackEventHandlerIsNotLookedUp(engine: String) throws {
      let run = try ChildRun(
        "PerceptionReportControl", ["interop"], engine: engine,
        variables: ["PERCEPTION_INTEROP": "0"])
      #expect(run.status == 0, "\(run.standardOutput)")
      let location = try #require(run.readLocation)
      #expect(!run.standardOutput.contains("event "), "\(run.standardOutput)")
      #expect(run.reports.count == 1, "\(run.standardError)")
      #expect(
        run.reports.first?.hasPrefix("Perception: Meter.level was read at \(location):") == true)
    }

    /// The run with the switch unset is the control: a demangler that never ran would pass the
    /// test of the switch.
    @Test func theDemanglerRunsUnlessInteropIsOff() throws {
      let on = try ChildRun("PerceptionReportControl", ["demangle"], engine: "perception")
      #expect(on.status == 0, "\(on.standardError)")
      #expect(on.standardOutput == "demangled Swift.Int\n")
      let off = try ChildRun(
        "PerceptionReportControl", ["demangle"], engine: "perception",
        variables: ["PERCEPTION_INTEROP": "0"])
      #expect(off.status == 0, "\(off.standardError)")
      #expect(off.standardOutput == "demangled $sSiD\n")
    }

    /// The run with the switch unset is the control: without it, a watcher that never reported
    /// would pass the test of the switch.
    @Test(arguments: ["perception", "native"])
    func theViewBodyWatcherReportsUnlessInteropIsOff(engine: String) throws {
      let on = try ChildRun("PerceptionReportControl", ["viewbody"], engine: engine)
      #expect(on.status == 0, "\(on.standardOutput)")
      #expect(on.reports.count == 1, "\(on.standardError)")
      #expect(
        on.reports.first?.contains(" in MeterView.body, outside any tracking scope") == true,
        "\(on.standardError)")
      for off in ["0", "false", "no", "OFF"] {
        let run = try ChildRun(
          "PerceptionReportControl", ["viewbody"], engine: engine,
          variables: ["PERCEPTION_INTEROP": off])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.reports.isEmpty, "PERCEPTION_INTEROP=\(off): \(run.standardError)")
      }
    }
  }
#endif
