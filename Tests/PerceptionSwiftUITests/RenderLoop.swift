import Foundation
import Observation
import PerceptionCore
import SwiftUI

/// A fake of SwiftUI's render loop, for the stand-in's views: it renders a tree of views, keeps
/// each view's state for as long as its position keeps its type (as SwiftUI keeps state per
/// identity), and renders again, when `settle()` is called, exactly the views whose state was
/// set since. A view renders again all the views its body makes, or, in a loop made
/// `comparingInputs`, only those whose inputs changed, as SwiftUI compares them (a binding by its
/// location and the value it was made with, an object by identity, an equatable value by `==`,
/// a closure as always changed), its bindings by identity or, with `bindings: .equality`, with
/// `==` (`BindingComparison`, the stand-in's switch).
///
/// It updates as the graph does: while it renders, `StandInGraph.isUpdating` holds, so that a
/// `State`'s getter returns what the owner's last update gave that copy of the view; before a
/// view's body it updates the view's states; and a write renders the owner again only once its
/// body, or a copy of the view anywhere, read the state during an update (SwiftUI's stand-in,
/// State.swift, says from which OpenSwiftUI files).
///
/// Each body, and each lazy closure a `Rows` calls, runs in a checked context
/// (`withPerceptionChecking`), as if the platform saw every render begin, so that reads no
/// `WithPerceptionTracking` observes are reported. Leaves record what they show in `log`.
@MainActor
final class RenderLoop {
  /// One view at one position of the tree.
  final class Node {
    var view: any View
    var children: [Node] = []
    var environment = EnvironmentValues()
    let invalidated = Flag()
    /// Whether the view's parent made it again with the same inputs at its last render.
    var inputsUnchanged = false
    /// The values of the copies of other views' states among the view's inputs (a marked
    /// view's tracking body holds the marked view) when it last rendered: SwiftUI writes a
    /// state's value into the view at its owner's update, so a copy made after a change is a
    /// changed input.
    var copiedStatesAtRender: [ObjectIdentifier: Any] = [:]

    init(_ view: any View) {
      self.view = view
    }
  }

  private let root: Node
  private let comparingInputs: Bool
  private let bindingComparison: BindingComparison
  private var rendered: [String] = []

  /// Renders `view` and everything below it; `comparingInputs` skips the views made again with
  /// unchanged inputs, comparing bindings as `bindings` says.
  init(
    _ view: some View, comparingInputs: Bool = false,
    bindings bindingComparison: BindingComparison = .identity
  ) {
    root = Node(view)
    self.comparingInputs = comparingInputs
    self.bindingComparison = bindingComparison
    updating { render(root, environment: EnvironmentValues()) }
  }

  /// What the leaves rendered since the last call, as `name=text`, in render order.
  func takeLog() -> [String] {
    defer { rendered = [] }
    return rendered
  }

  /// Renders again every view whose state was set, until none is left.
  func settle() {
    for _ in 0..<100 {
      guard let node = firstInvalidated(below: root) else { return }
      updating { render(node, environment: node.environment) }
    }
    fatalError("the render loop did not settle")
  }

  /// The first view of type `V` in the tree, in render order.
  func find<V: View>(_ type: V.Type) -> V? {
    func search(_ node: Node) -> V? {
      if let view = node.view as? V { return view }
      for child in node.children {
        if let found = search(child) { return found }
      }
      return nil
    }
    return search(root)
  }

  /// Calls `onChange` when a state of `view` is set, as the loop does to render it again.
  static func observeStates(of view: Any, _ onChange: @escaping @Sendable () -> Void) {
    for property in installedProperties(of: view) {
      (property as? any StandInState)?.setOnChange(onChange)
    }
  }

  /// Runs `update` as the graph's update, in which a `State` reads its owner's last update.
  private func updating(_ update: () -> Void) {
    StandInGraph.isUpdating = true
    defer { StandInGraph.isUpdating = false }
    update()
  }

  private func firstInvalidated(below node: Node) -> Node? {
    if node.invalidated.isSet { return node }
    for child in node.children {
      if let found = firstInvalidated(below: child) { return found }
    }
    return nil
  }

  private func render(_ node: Node, environment: EnvironmentValues) {
    node.invalidated.clear()
    node.environment = environment
    // Only a loop comparing inputs asks for them: Mirror's walk allocates.
    defer { if comparingInputs { node.copiedStatesAtRender = Self.copiedStates(in: node.view) } }
    let flag = node.invalidated
    for property in Self.properties(of: node.view) {
      if let state = property as? any StandInState {
        state.setOnChange({ flag.set() }, onlyIfRead: true)
        state.updateForRender()
      }
      (property as? any StandInEnvironment)?.install(environment)
    }
    var childEnvironment = environment
    let childViews: [any View]
    switch node.view {
    case let leaf as any Leaf:
      rendered.append("\(leaf.name)=\(leaf.text)")
      childViews = []
    case let writer as any EnvironmentWriting:
      writer.apply(to: &childEnvironment)
      childViews = [writer.contentView]
    case let container as any Container:
      childViews = withPerceptionChecking { container.children }
    default:
      childViews = [withPerceptionChecking { observedBody(of: node.view, flag: flag) }]
    }
    node.children = reconcile(node.children, with: childViews)
    for child in node.children where !child.inputsUnchanged || child.invalidated.isSet {
      render(child, environment: childEnvironment)
    }
  }

  /// The body, observed as SwiftUI observes it where it observes Observation's objects itself:
  /// a change to what it read renders this view again.
  private func observedBody(of view: any View, flag: Flag) -> any View {
    guard StandInGraph.observesNatively else { return body(of: view) }
    return withObservationTracking {
      body(of: view)
    } onChange: {
      flag.set()
    }
  }

  private func body<V: View>(of view: V) -> any View {
    precondition(V.Body.self != Never.self, "\(V.self) is a primitive the loop does not know")
    return view.body
  }

  /// Keeps the node, and the state, of each position whose view has the same type as before.
  private func reconcile(_ old: [Node], with views: [any View]) -> [Node] {
    views.enumerated().map { index, view in
      guard index < old.count, type(of: old[index].view) == type(of: view) else {
        return Node(view)
      }
      let node = old[index]
      let previous = Self.properties(of: node.view)
      for (earlier, later) in zip(previous, Self.properties(of: view)) {
        (later as? any StandInState)?.adoptStorage(from: earlier)
      }
      node.inputsUnchanged =
        comparingInputs && Self.sameInputs(node.view, view, bindings: bindingComparison)
        && Self.copiedStates(in: view).allSatisfy { copies, value in
          node.copiedStatesAtRender[copies].map { Self.sameInputs($0, value) } ?? true
        }
      node.view = view
      return node
    }
  }
}

extension RenderLoop {
  /// The dynamic properties SwiftUI installs for `view`: its own, and a modified view's
  /// modifier's, which SwiftUI installs as a view's.
  static func properties(of view: any View) -> [any DynamicProperty] {
    let modifier = (view as? any ModifierHolding)?.modifierValue
    return installedProperties(of: view) + (modifier.map { installedProperties(of: $0) } ?? [])
  }

  /// The copies of other views' states among `view`'s stored properties that an owner's update
  /// gave a value, by what the copies share: the view's own dynamic properties are its own.
  static func copiedStates(in view: Any) -> [ObjectIdentifier: Any] {
    func states(in value: Any, into found: inout [ObjectIdentifier: Any]) {
      if let state = value as? any StandInState {
        if let valueAtUpdate = state.valueAtUpdate { found[state.copies] = valueAtUpdate }
        return
      }
      let mirror = Mirror(reflecting: value)
      guard [.struct, .tuple, .optional, .enum].contains(mirror.displayStyle) else { return }
      for child in mirror.children { states(in: child.value, into: &found) }
    }
    var found: [ObjectIdentifier: Any] = [:]
    for child in Mirror(reflecting: view).children where !(child.value is any DynamicProperty) {
      states(in: child.value, into: &found)
    }
    return found
  }

  /// Whether SwiftUI would see `new` as the same input as `old`, comparing bindings as
  /// `bindings` says.
  static func sameInputs(
    _ old: Any, _ new: Any, bindings: BindingComparison = .identity
  ) -> Bool {
    if let binding = old as? any StandInBinding {
      return binding.isSameInput(asAny: new, comparing: bindings)
    }
    if type(of: old) is AnyClass { return (old as AnyObject) === (new as AnyObject) }
    if let value = old as? any Equatable { return value.isEqual(toAny: new) }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    // A closure, or anything else the mirror cannot open, counts as changed.
    guard type(of: old) == type(of: new),
      [.struct, .tuple, .optional, .enum].contains(oldMirror.displayStyle)
    else { return false }
    let oldChildren = oldMirror.children.map(\.value)
    let newChildren = newMirror.children.map(\.value)
    return oldChildren.count == newChildren.count
      && zip(oldChildren, newChildren).allSatisfy { sameInputs($0, $1, bindings: bindings) }
  }
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    (other as? Self) == self
  }
}

/// Whether a view's state was set since it last rendered; set from any thread.
final class Flag: @unchecked Sendable {
  // Sendable: guarded by `lock`.
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
  func clear() { lock.withLock { value = false } }
}

/// A view that holds a modifier whose dynamic properties SwiftUI installs.
protocol ModifierHolding {
  var modifierValue: Any { get }
}

extension ModifiedContent: ModifierHolding {
  var modifierValue: Any { modifier }
}

/// A primitive view whose children the loop asks for when it renders it.
@MainActor
protocol Container {
  var children: [any View] { get }
}

/// A primitive view that shows a text and has no children.
@MainActor
protocol Leaf {
  var name: String { get }
  var text: String { get }
}

/// `environment(_:_:)`'s view, as the loop sees it.
@MainActor
protocol EnvironmentWriting {
  var contentView: any View { get }
  func apply(to values: inout EnvironmentValues)
}

extension EnvironmentWriter: EnvironmentWriting {
  var contentView: any View { content }
  func apply(to values: inout EnvironmentValues) { write(&values) }
}

extension TupleView: Container {
  var children: [any View] {
    Mirror(reflecting: value).children.map { $0.value as! any View }
  }
}

extension EmptyView: Container {
  var children: [any View] { [] }
}

extension _ConditionalContent: Container where TrueContent: View, FalseContent: View {
  var children: [any View] {
    switch storage {
    case .trueContent(let view): [view]
    case .falseContent(let view): [view]
    }
  }
}

extension Optional: Container where Wrapped: View {
  var children: [any View] { map { [$0] } ?? [] }
}

/// A modifier renders its body, whose content placeholder renders the modified view.
extension ModifiedContent: Container where Content: View, Modifier: ViewModifier {
  @MainActor var children: [any View] {
    [modifier.body(content: _ViewModifier_Content(content))]
  }
}

extension _ViewModifier_Content: Container {
  var children: [any View] { [content] }
}
