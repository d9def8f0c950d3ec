package cmd

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// checkWritable is a usage error unless path can be created or written:
// its folder exists and takes files. A file it creates to find out is
// removed again; an existing file is left as it is.
func checkWritable(path string) error {
	if path == "" {
		return usageErrorf("the output file name is empty")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usageErrorf("cannot write %s: it is a folder", path)
	}
	_, statErr := os.Stat(path)
	existed := statErr == nil
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return usageErrorf("cannot write %s: %v", path, err)
	}
	fh.Close()
	if !existed {
		os.Remove(path)
	}
	return nil
}

// imageFormatOf is the format a file name's extension names ("" for none).
func imageFormatOf(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		return "png"
	case ".jpg", ".jpeg":
		return "jpeg"
	case ".webp":
		return "webp"
	}
	return ""
}

// imageExt is the file extension of an image format.
func imageExt(format string) string {
	if format == "jpeg" {
		return ".jpg"
	}
	return "." + format
}

// ffmpegPath is ffmpeg on PATH, or "".
func ffmpegPath(f *Factory) string {
	look := f.LookPath
	if look == nil {
		return ""
	}
	p, err := look("ffmpeg")
	if err != nil {
		return ""
	}
	return p
}
