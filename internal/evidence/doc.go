// Package evidence turns what the browser captured into files people open:
// refs' boxes and labels drawn onto a screenshot (Annotate), images encoded
// as PNG or JPEG (EncodeImage), and a recording's JPEG frames written as a
// video: WebM or MP4 through ffmpeg when it is on PATH, else an animated
// PNG or a GIF written here (WriteVideo). The container follows the file's
// extension (ContainerOf). Around them: whether an output file can be
// written before the browser is asked (CheckWritable), a stopped
// recording's frames read from the extension (ReadFrames), and the page's
// Web Vitals as text (WriteVitals).
package evidence
