package evidence

// The local files the evidence commands write: whether one can be written
// before anything is asked of the browser, and the image format a file
// name's extension names.

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"browserctl/internal/safefile"
)

// CheckWritable is an error unless path can be written (safefile.Check):
// its folder exists and takes files, it is not a folder nor a symlink, and
// it does not exist unless overwrite (--force).
func CheckWritable(path string, overwrite bool) error {
	return safefile.Check(path, overwrite)
}

// WriteBase64 decodes a result's base64 data (what names it in an error)
// into path (0600, safefile) and answers the bytes written.
func WriteBase64(path, data, what string, overwrite bool) (int, error) {
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return 0, fmt.Errorf("%s answered data that is not base64: %v", what, err)
	}
	return len(b), safefile.WriteFile(path, b, safefile.Private, overwrite)
}

// viaTemp has write build a file in a private temporary folder (under the
// same name, so its extension still says the format), then places it at
// path as safefile does. A file write built before failing is placed too:
// write's error is answered after.
func viaTemp(path string, overwrite bool, write func(tmp string) error) error {
	if err := safefile.Check(path, overwrite); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "browserctl-out-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, filepath.Base(path))
	werr := write(tmp)
	if _, err := os.Lstat(tmp); err != nil {
		if werr != nil {
			return werr
		}
		return err
	}
	if err := safefile.CopyFile(path, tmp, safefile.Private, overwrite); err != nil {
		return err
	}
	return werr
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
