
async () => ({
  crossOriginIsolated: self.crossOriginIsolated,
  cores: navigator.hardwareConcurrency,
  webgpu: !!navigator.gpu && !!(await navigator.gpu.requestAdapter().catch(() => null)),
  userAgent: navigator.userAgent,
})
