import Perception
import Testing

@Suite("PerceptibleBinding: what a binding reads, writes and reports")
struct PerceptibleBindingTests {
  @Test func makingABindingReadsItsPropertyAsTheMakerReadsIt() {
    let panel = Panel()
    let tracker = ViewTracker()
    let invalidations = CallCounter()
    let made = tracker.render(
      { PerceptibleBinding.makeBinding(panel, keyPath: \.isOn) },
      onInvalidate: { invalidations.record() })
    #expect(made.value == false)
    made.core.set(true)
    #expect(panel.isOn)
    #expect(invalidations.count == 1)
  }

  @Test func writingThroughOneBindingLeavesMakersOfOtherBindingsAlone() {
    let panel = Panel()
    let titleView = ViewTracker()
    let toggleView = ViewTracker()
    let titleInvalidations = CallCounter()
    let toggleInvalidations = CallCounter()
    let title = titleView.render(
      { PerceptibleBinding.makeBinding(panel, keyPath: \.title).core },
      onInvalidate: { titleInvalidations.record() })
    let toggle = toggleView.render(
      { PerceptibleBinding.makeBinding(panel, keyPath: \.isOn).core },
      onInvalidate: { toggleInvalidations.record() })
    toggle.set(true)
    #expect(toggleInvalidations.count == 1)
    #expect(titleInvalidations.count == 0)
    title.set("renamed")
    #expect(titleInvalidations.count == 1)
    #expect(toggleInvalidations.count == 1)
  }

  @Test func getIsTrackedInATrackingScope() {
    let panel = Panel()
    let core = PerceptibleBinding.makeBinding(panel, keyPath: \.count).core
    let invalidations = CallCounter()
    let value = withPerceptionTracking({ core.get() }, onChange: { invalidations.record() })
    #expect(value == 0)
    core.set(2)
    #expect(invalidations.count == 1)
    #expect(core.get() == 2)
  }

  @Test func getIsNeverReported() {
    let panel = Panel()
    let core = PerceptibleBinding.makeBinding(panel, keyPath: \.title).core
    let found = reports {
      withPerceptionChecking { _ = core.get() }
    }
    #expect(found.isEmpty)
  }

  @Test func makingABindingOutsideTrackingIsReported() {
    let panel = Panel()
    let found = reports {
      withPerceptionChecking { _ = PerceptibleBinding.makeBinding(panel, keyPath: \.title) }
    }
    #if DEBUG
      #expect(found.count == 1)
      #expect(found.first?.typeName == "Panel")
    #else
      #expect(found.isEmpty)
    #endif
  }

  @Test func missingEnvironmentObjectMessageNamesTheType() {
    let message = PerceptibleEnvironment.missingObjectMessage(Panel.self)
    #expect(message.contains("Panel"))
    #expect(message.contains(".environment("))
  }

  @Test func keyPathsThroughTheRootAreEqualForTheSameObjectAndProperty() {
    let panel = Panel()
    func keyPath<Value>(
      _ object: Panel, _ property: ReferenceWritableKeyPath<Panel, Value>
    ) -> WritableKeyPath<PerceptibleBindingRoot, Value> {
      let core = PerceptibleBinding.makeBinding(object, keyPath: property).core
      return \PerceptibleBindingRoot.[binding: core]
    }
    #expect(keyPath(panel, \.isOn) == keyPath(panel, \.isOn))
    #expect(keyPath(panel, \.isOn) != keyPath(Panel(), \.isOn))
    #expect(keyPath(panel, \.isOn) as AnyKeyPath != keyPath(panel, \.title))
  }

  @Test func theRootReadsAndWritesThePropertyItsKeyPathNames() {
    let panel = Panel()
    let core = PerceptibleBinding.makeBinding(panel, keyPath: \.isOn).core
    let isOn = \PerceptibleBindingRoot.[binding: core]
    let root = PerceptibleBindingRoot()
    root[keyPath: isOn] = true
    #expect(panel.isOn)
    #expect(root[keyPath: isOn])
  }
}
