
async () => {
  const kept = await raglabDocuments.vectors("vec:");
  const bytes = new Uint8Array(kept.data.buffer, kept.data.byteOffset, kept.data.byteLength);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { keys: kept.keys, data: btoa(binary) };
}
