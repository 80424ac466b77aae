import Glibc
import ReportScenarios
import XCTest

@testable import PerceptionCore

// Without PerceptionTestSupport; `PerceptionTestSupportTests` runs it in one mode:
//
//   xctest   the case that fails where the support library is linked: here it passes, and
//            the report is a line on standard error
//   interop  installs a fallback event handler in lib_TestingInterop, as a testing library
//            does, and makes the report: the handler prints the event it receives
//   viewbody a view body evaluated by a stand-in render engine reads a model untracked: the
//            view-body watcher's report on standard error, unless PERCEPTION_INTEROP=0
//   demangle prints `demangled `, then what the library makes of the mangled name of Swift.Int
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
case "viewbody":
  // The engine is found on the stack by its symbol: linked with --export-dynamic for that.
  let detector = ViewBodyDetector { frame in
    frame.demangledSymbol?.contains("renderEngineStandIn") ?? false
  }
  let view = MeterView(meter: Meter())
  ViewBodyChecking.$detectorOverride.withValue(detector) {
    CheckingSlot.with(CheckingSlot.viewBodies) { renderEngineStandIn { _ = view.body } }
  }
case "demangle":
  print("demangled \(CallStack.demangle("$sSiD"))")
default:
  print("usage: PerceptionReportControl xctest|interop|viewbody|demangle")
  exit(2)
}

/// Stands in for SwiftUI's render engine evaluating a body.
@inline(never)
func renderEngineStandIn(_ evaluate: () -> Void) {
  evaluate()
}

/// A view whose body reads a model without tracking it.
struct MeterView {
  let meter: Meter
  var body: Int { meter.read() }
}
