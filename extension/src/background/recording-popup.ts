// The popup's view of the recordings of the person's actions
// (pages/record-actions/): listRecordings answers them (on or not, the line
// count, the last line), markSecret writes the value typed last as
// $SECRET_N, stopRecording ends one as the page badge's Stop does.

import { markLastSecret, recordingViews, stopFromPopup, type RecordingView } from "./pages/record-actions/recording";

export type RecordingMessage = { type: "listRecordings" } | { type: "markSecret" | "stopRecording"; sessionId: string };
export type RecordingAnswer = { recordings: RecordingView[] } | { done: boolean };

export function isRecordingMessage(m: unknown): m is RecordingMessage {
  if (typeof m !== "object" || m === null) return false;
  const o = m as { type?: unknown; sessionId?: unknown };
  if (o.type === "listRecordings") return true;
  return (o.type === "markSecret" || o.type === "stopRecording") && typeof o.sessionId === "string" && o.sessionId !== "";
}

async function answer(msg: RecordingMessage): Promise<RecordingAnswer> {
  switch (msg.type) {
    case "listRecordings":
      return { recordings: await recordingViews() };
    case "markSecret":
      return { done: await markLastSecret(msg.sessionId) };
    case "stopRecording":
      return { done: await stopFromPopup(msg.sessionId) };
  }
}

/** Adds the runtime.onMessage listener; returns its removal. */
export function wireRecordingPopup(): () => void {
  const onMessage = (msg: unknown, sender: chrome.runtime.MessageSender, sendResponse: (a: RecordingAnswer) => void): boolean => {
    if (sender.id !== chrome.runtime.id || !isRecordingMessage(msg)) return false;
    void answer(msg).then(sendResponse, () => sendResponse({ done: false }));
    return true; // answers asynchronously
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}
