package evidence

// The local files the evidence commands write: whether one can be written
// before anything is asked of the browser, and the image format a file
// name's extension names.

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CheckWritable is an error unless path can be created or written: its
// folder exists and takes files, and it is not a folder. A file it creates
// to find out is removed again; an existing file is left as it is.
func CheckWritable(path string) error {
	if path == "" {
		return errors.New("the output file name is empty")
	}
	st, statErr := os.Stat(path)
	if statErr == nil && st.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder", path)
	}
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	fh.Close()
	if statErr != nil {
		os.Remove(path)
	}
	return nil
}

// WriteBase64 decodes a result's base64 data (what names it in an error)
// into path and answers the bytes written.
func WriteBase64(path, data, what string) (int, error) {
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return 0, fmt.Errorf("%s answered data that is not base64: %v", what, err)
	}
	return len(b), os.WriteFile(path, b, 0o644)
}

// ImageFormatOf is the image format a file name's extension names: png,
// jpeg, webp, or "" for none of them.
func ImageFormatOf(path string) string {
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

// ImageExt is the file extension of an image format: .png, .jpg, .webp.
func ImageExt(format string) string {
	if format == "jpeg" {
		return ".jpg"
	}
	return "." + format
}
