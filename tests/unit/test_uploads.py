"""What an upload costs and what is kept of it: bounded decoding, metadata stripped from
the file's bytes, the picture itself untouched."""

from __future__ import annotations

import io
import threading
import time

from PIL import Image, ImageChops

from terminal_shop.infra import uploads
from terminal_shop.infra.uploads import IMAGE_KINDS, PROOF_KINDS, UploadRefusal, check_file, strip_metadata

from support.files import huge_png, photo_jpg
from support.refusals import refused

WRONG = ("Format file tidak didukung", "Hanya file JPG atau PNG yang diperbolehkan")


def pixels(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as img:
        return img.convert("RGB")


def test_a_png_bomb_is_refused_from_its_header():
    bomb = huge_png(7745, 7745)  # 60 megapixels in 175 KB
    assert len(bomb) < 300_000
    with refused(UploadRefusal.PNG_TOO_MANY_PIXELS) as caught:
        check_file(bomb, PROOF_KINDS, WRONG)
    assert caught.value.title == "File terlalu besar"
    with refused(UploadRefusal.TOO_MANY_PIXELS):
        check_file(huge_png(8000, 8000), PROOF_KINDS, WRONG)


def test_a_50_megapixel_phone_photo_passes_and_keeps_its_picture():
    photo = photo_jpg(8160, 6120, orientation=6, trailer=b"<html><script>alert(1)</script></html>")
    kept = strip_metadata(check_file(photo, IMAGE_KINDS, WRONG))
    with Image.open(io.BytesIO(kept.data)) as img:
        exif = img.getexif()
        assert img.size == (8160, 6120)
        assert dict(exif) == {0x0112: 6}  # the orientation stays; maker and GPS are gone
        assert "comment" not in img.info
    assert b"<html>" not in kept.data and kept.data.endswith(b"\xff\xd9")
    assert ImageChops.difference(pixels(photo), pixels(kept.data)).getbbox() is None  # not re-encoded


def test_a_png_loses_its_text_chunks_and_what_follows_it():
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Author", "Sri, Jl. Kenjeran 10, Surabaya")
    buf = io.BytesIO()
    Image.new("RGB", (300, 200), (20, 90, 200)).save(buf, "PNG", pnginfo=info)
    dirty = buf.getvalue() + b"PK\x03\x04 a zip hidden after the image"
    kept = strip_metadata(check_file(dirty, IMAGE_KINDS, WRONG))
    assert b"Kenjeran" not in kept.data and b"PK\x03\x04" not in kept.data
    assert kept.data.endswith(b"IEND\xaeB`\x82")
    assert ImageChops.difference(pixels(dirty), pixels(kept.data)).getbbox() is None


def test_a_truncated_photo_is_refused():
    photo = photo_jpg(1200, 900)
    with refused(UploadRefusal.WRONG_TYPE) as caught:
        check_file(photo[: len(photo) // 2], IMAGE_KINDS, WRONG)
    assert (caught.value.title, caught.value.text) == WRONG  # in the words of the form that took it


def test_decodes_wait_for_each_other_beyond_the_bound(monkeypatch):
    """Uploads arriving together queue for the decoder instead of decoding all at once."""
    running, most = 0, 0
    lock = threading.Lock()
    load = Image.Image.load

    def observed_load(img):
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.05)  # long enough for every thread to be waiting
        try:
            return load(img)
        finally:
            with lock:
                running -= 1

    monkeypatch.setattr(Image.Image, "load", observed_load)
    photo = photo_jpg(1600, 1200)
    threads = [threading.Thread(target=check_file, args=(photo, IMAGE_KINDS, WRONG)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most == uploads.DECODES_AT_ONCE


def test_a_png_keeps_only_its_orientation_of_its_exif():
    exif = Image.Exif()
    exif[0x0112] = 8
    exif[0x010F] = "PhoneMaker"
    buf = io.BytesIO()
    Image.new("RGB", (120, 80), (20, 90, 200)).save(buf, "PNG", exif=exif)
    kept = strip_metadata(check_file(buf.getvalue(), IMAGE_KINDS, WRONG))
    with Image.open(io.BytesIO(kept.data)) as img:
        assert dict(img.getexif()) == {0x0112: 8}
    assert b"PhoneMaker" not in kept.data
