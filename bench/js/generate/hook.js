(() => {
    window.__events = [];
    window.__longtasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries())
        window.__longtasks.push({start: e.startTime, duration: e.duration,
                                 attribution: (e.attribution || []).map(a => a.containerType + ':' + a.name)});
    }).observe({type: "longtask", buffered: true});
    let bridge;
    Object.defineProperty(window, "raglabBridge", {configurable: true, get() { return bridge; }, set(value) {
        value.events.addEventListener("model", ({detail: e}) => {
            if (e.type !== "progress") {
                const {text, input_text, prompt, messages, ...rest} = e;
                window.__events.push({t: performance.now(), ...rest});
            }
        });
        bridge = value;
    }});
})();