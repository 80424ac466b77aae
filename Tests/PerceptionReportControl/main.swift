import Glibc
import ReportScenarios
import XCTest

// Without PerceptionTestSupport; `PerceptionTestSupportTests` runs it in one mode:
//
//   xctest   the case that fails where the support library is linked: here it passes, and
//            the report is a line on standard error
//   interop  installs a fallback event handler in lib_TestingInterop, as a testing library
//            does, and makes the report: the handler prints the event it receives
switch CommandLine.arguments.dropFirst().first {
case "xctest":
  XCTMain(
    [testCase([("testUntrackedRead", UntrackedReadCase.testUntrackedRead)])],
    arguments: [CommandLine.arguments[0]])
case "interop":
  typealias Handler =
    @convention(c) (
      UnsafePointer<CChar>, UnsafeRawPointer, Int, UnsafeRawPointer?
    ) -> Void
  guard let library = dlopen("lib_TestingInterop.so", RTLD_NOW | RTLD_GLOBAL),
    let install = dlsym(library, "_swift_testing_installFallbackEventHandler")
  else {
    print("lib_TestingInterop.so or its installer not found")
    exit(2)
  }
  let installFallbackEventHandler = unsafeBitCast(
    install, to: (@convention(c) (Handler) -> Bool).self)
  let handler: Handler = { version, record, count, _ in
    let json = String(decoding: UnsafeRawBufferPointer(start: record, count: count), as: UTF8.self)
    print("event \(String(cString: version)) \(json)")
  }
  guard installFallbackEventHandler(handler) else {
    print("a fallback event handler was already installed")
    exit(2)
  }
  readOutsideTracking()
default:
  print("usage: PerceptionReportControl xctest|interop")
  exit(2)
}
