import RichMediaQueue

/// The floor for `queue.drain`: a bare actor making the same four calls per item as the drain (enqueue,
/// the presenter's `present`, `presented`, `closed`), with a plain array and no rules. The queue's cost
/// above this is the price of its rules, events and bookkeeping.
actor FloorQueue {
    private var pending: [BenchMedia] = []
    private var head = 0
    private var onScreen: AttemptToken<Int>?
    private var entry: UInt64 = 0
    private let presenter: RecordingPresenter

    init(presenter: RecordingPresenter) {
        self.presenter = presenter
    }

    func enqueue(_ item: BenchMedia) async {
        pending.append(item)
        await presentNext()
    }

    func presented(_ token: AttemptToken<Int>) {}

    func closed(_ token: AttemptToken<Int>) async {
        guard token == onScreen else { return }
        onScreen = nil
        await presentNext()
    }

    private func presentNext() async {
        guard onScreen == nil, head < pending.count else { return }
        let item = pending[head]
        head += 1
        entry += 1
        let token = AttemptToken(id: item.id, attempt: 1, entry: entry)
        onScreen = token
        try? await presenter.present(item, attempt: token)
    }

    /// Enqueues `count` items, then reports each one presented and closed, which presents the next.
    static func drain(count: Int) async -> Int {
        let presenter = RecordingPresenter()
        let queue = FloorQueue(presenter: presenter)
        for id in 0..<count {
            await queue.enqueue(BenchMedia(id: id))
        }
        while let token = presenter.take() {
            await queue.presented(token)
            await queue.closed(token)
        }
        return presenter.presentCount
    }
}
