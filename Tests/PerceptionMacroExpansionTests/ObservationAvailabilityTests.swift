import PerceptionMacroExpansion
import Testing

/// The accessors reach the registrar's `Observable` entry points inside `if #available` for
/// Observation's releases, testing only the platforms the class's (and its enclosing types')
/// `@available` attributes leave open: a test the enclosing scope already guarantees is a
/// compiler warning ("unnecessary check").
@Suite("The accessors' availability test")
struct ObservationAvailabilityTests {
  func getter(context: [String]) -> String {
    let request = Requests.tracked(.accessor, "\n  var count = 0", context: context)
    let source = MacroExpander.expand(request).source ?? ""
    guard let get = source.range(of: "get {\n"), let end = source.range(of: "return _count")
    else { return source }
    return String(source[get.upperBound..<end.lowerBound])
  }

  @Test(arguments: [
    ("class Model {}", "if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {"),
    ("@available(iOS 17, *)\nclass Model {}", "if #available(macOS 14, tvOS 17, watchOS 10, *) {"),
    (
      "@available(iOS 16, macOS 15, *)\nclass Model {}",
      "if #available(iOS 17, tvOS 17, watchOS 10, *) {"
    ),
    (
      "@available(iOS, introduced: 18.0)\nclass Model {}",
      "if #available(macOS 14, tvOS 17, watchOS 10, *) {"
    ),
    (
      "@available(tvOS 17.0, *) @MainActor\nclass Model {}",
      "if #available(iOS 17, macOS 14, watchOS 10, *) {"
    ),
  ])
  func testsTheReleasesTheClassLeavesOpen(context: String, condition: String) {
    let getter = getter(context: [context])
    #expect(getter.hasPrefix("      \(condition)\n"), "\(getter)")
    #expect(getter.contains("} else {"))
  }

  @Test func anEnclosingTypesAttributesCountToo() {
    let getter = getter(context: [
      "@available(macOS 14, *)\nclass Model {}", "@available(iOS 17, tvOS 17, *)\nenum Outer {}",
    ])
    #expect(getter.hasPrefix("      if #available(watchOS 10, *) {\n"), "\(getter)")
  }

  @Test func noTestWhereEveryReleaseIsGuaranteed() {
    let getter = getter(context: [
      "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\nclass Model {}"
    ])
    #expect(
      getter
        == "      _$perceptionRegistrar._access(self, lazyKeyPath: Model._$perceptionKeyPath_count)\n      ",
      "\(getter)")
  }
}
