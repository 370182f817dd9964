/// The baseline for `queue.drain`: the seed's `ChainedRichMediaPresentingDelegate`, ported to Swift.
/// `shouldPresent` appends to an array; `didClose` removes the item with a linear `removeObject` and
/// presents the first element again. It is kept as written (bugs included) because it is what apps ship.
final class ChainedDelegateQueue {
    struct Media: Equatable {
        var id: Int
    }

    private var queue: [Media] = []
    private var inAppIsPresenting = false
    private(set) var presented = 0
    private var onScreen: Media?

    func shouldPresent(_ media: Media) -> Bool {
        queue.append(media)
        return !inAppIsPresenting
    }

    func didPresent(_ media: Media) {
        inAppIsPresenting = true
        onScreen = media
        presented += 1
    }

    func didClose(_ media: Media) {
        inAppIsPresenting = false
        if let index = queue.firstIndex(of: media) {  // removeObject:
            queue.remove(at: index)
        }
        if let first = queue.first {  // presentRichMedia:_queue.firstObject
            didPresent(first)
        } else {
            onScreen = nil
        }
    }

    /// Enqueues `count` items, then presents and closes each one in turn.
    static func drain(count: Int) -> Int {
        let delegate = ChainedDelegateQueue()
        for id in 0..<count {
            if delegate.shouldPresent(Media(id: id)), id == 0 { delegate.didPresent(Media(id: id)) }
        }
        while let media = delegate.onScreen {
            delegate.didClose(media)
        }
        return delegate.presented
    }
}
