// Interop entry: SwiftUI's view bodies on the stack, for checking the bodies nobody wrapped
// (`ViewBodyChecking`, `ViewBodyDetector`, in Checking, walk the stack and cache verdicts;
// what they look for is here).
// - Depends on: SwiftUI's render engine being the image whose path ends in `/AttributeGraph`
//   (the private `AttributeGraph.framework`, as OpenSwiftUI's reverse engineering shows it
//   beside SwiftUI); a view's `body` getter, or a closure in it, being a frame whose symbol
//   `dladdr` names, spelled `$s…4body…` as Swift's mangling (`docs/ABI/Mangling.rst`, stable
//   on Apple platforms) spells it and `Module.Type.body.getter` once the Swift runtime's
//   `swift_demangle` demangles it (`CallStack.demangle`). The image's name is not checked here:
//   no Apple machine. The symbols' shapes are checked with Swift 6.3.1 on Linux.
// - Missing (another image name, bodies inlined or named otherwise, no symbols, a platform
//   without a call stack, or `PERCEPTION_INTEROP=0`): every verdict is `.outside`, so an
//   unwrapped body's untracked read is not reported; nothing else changes.
// - Tested: `ViewBodyCheckingTests` (PerceptionCoreTests) and `ViewBodyTests`
//   (PerceptionTestSupportTests), on any platform, with a stand-in render engine found by its
//   symbol; `ChildProcessTests`, Linux only: `PerceptionReportControl viewbody` reports such a
//   read, and with `PERCEPTION_INTEROP=0` does not. The `/AttributeGraph` image: Apple only,
//   no test here.

extension ViewBodyChecking {
  /// SwiftUI's render engine, where there is one (not the tests' Linux stand-in).
  static let platformDetector: ViewBodyDetector? =
    Platform.hasSwiftUIRenderEngine
    ? ViewBodyDetector { frame in
      frame.image?.hasSuffix("/AttributeGraph") ?? false
    } : nil
}

extension ViewBodyDetector {
  /// The cheap test before demangling: a Swift symbol that mentions `body`.
  static func mayBeBody(_ symbol: String) -> Bool {
    (symbol.hasPrefix("$s") || symbol.hasPrefix("_$s"))
      && Substring(symbol).firstRange(matching: "4body") != nil
  }

  /// `View.body` for a `Module.View.body.getter : some`, maybe after `closure #1 ... in `, of a
  /// type other than `readType`.
  static func viewBody(demangled: String, readType: String) -> String? {
    let name = Substring(demangled)
    guard let getter = name.firstRange(matching: ".body.getter"),
      let qualifiedType = name[..<getter.lowerBound].split(separator: " ").last
    else { return nil }
    if qualifiedType == readType || qualifiedType.hasSuffix("." + readType) { return nil }
    // Without the module: `ContentView.body` is what a developer searches for.
    let components = qualifiedType.split(separator: ".", maxSplits: 1)
    let typeName = components.count == 2 ? components[1] : components[0]
    return "\(typeName).body"
  }
}
