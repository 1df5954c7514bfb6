#!/usr/bin/env bash
# Builds the power-loss lane's virtual machine from Debian packages and this project's binaries:
#   OUT/vmlinuz     the kernel of Debian's linux-image-cloud-amd64 (extracted from the .deb)
#   OUT/initrd.img  busybox (busybox-static) and the virtio modules; mounts the root disk, switch_root
#   OUT/root.img    a read-only ext4 root: keepsake-crash-worker and keepsake with every shared library
#                   they link (ldd, at the same paths), e2fsck, busybox, five corpus images, and
#                   guest-init (scripts/powerloss/guest-init)
# Usage: scripts/powerloss/build-image.sh BIN_DIR OUT_DIR [CORPUS_DIR]
# BIN_DIR holds the built keepsake-crash-worker and keepsake (e.g. .build/release). Needs root for
# nothing; installs qemu-system-x86, busybox-static, e2fsprogs and cpio on demand (apt-get).
set -euo pipefail

bin=$(realpath "${1:?usage: build-image.sh BIN_DIR OUT_DIR [CORPUS_DIR]}")
out=$(realpath -m "${2:?usage: build-image.sh BIN_DIR OUT_DIR [CORPUS_DIR]}")
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(realpath "${3:-${KEEPSAKE_CORPUS:-$here/../../../shared/corpus}}")
mkdir -p "$out"

# Debian packages of the lane, installed on demand (they are not needed by `make test`).
need=()
for package in qemu-system-x86 busybox-static e2fsprogs cpio; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || need+=("$package")
done
if ((${#need[@]})); then
  echo "powerloss: installing ${need[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# 1. The kernel: the image package that linux-image-cloud-amd64 depends on, unpacked.
if [ ! -f "$out/vmlinuz" ] || [ ! -d "$out/kernel/lib/modules" ]; then
  package=$(apt-cache depends linux-image-cloud-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
  if [ -z "$package" ]; then apt-get update -qq; package=$(apt-cache depends linux-image-cloud-amd64 | awk '/Depends: linux-image-[0-9]/ {print $2; exit}'); fi
  download=$(mktemp -d)
  chmod 777 "$download"
  (cd "$download" && apt-get download -qq "$package" 2>/dev/null)
  rm -rf "$out/kernel"
  dpkg-deb -x "$download"/*.deb "$out/kernel"
  cp "$out"/kernel/boot/vmlinuz-* "$out/vmlinuz"
  rm -rf "$download"
  echo "powerloss: kernel $package" >&2
fi
modules=$(ls -d "$out"/kernel/lib/modules/*)

# 2. The initramfs: busybox and the virtio modules (the cloud kernel has ext4 built in, virtio as modules).
initramfs=$(mktemp -d)
mkdir -p "$initramfs"/{bin,dev,proc,sys,newroot,modules}
mknod -m 600 "$initramfs/dev/console" c 5 1
cp /bin/busybox "$initramfs/bin/busybox"
for module in virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci virtio_blk virtio_console; do
  file=$(find "$modules" -name "$module.ko*" | head -1)
  case "$file" in
    *.xz) xz -dc "$file" > "$initramfs/modules/$module.ko" ;;
    *.zst) zstd -qdc "$file" > "$initramfs/modules/$module.ko" ;;
    *) cp "$file" "$initramfs/modules/$module.ko" ;;
  esac
done
cat > "$initramfs/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
for module in virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci virtio_blk virtio_console; do
  /bin/busybox insmod /modules/$module.ko || echo "initramfs: insmod $module failed"
done
root=""
for try in $(/bin/busybox seq 1 200); do
  for disk in /sys/block/vd*; do
    [ "$(/bin/busybox cat $disk/serial 2>/dev/null)" = "ksroot" ] && root=/dev/${disk##*/}
  done
  [ -n "$root" ] && break
  /bin/busybox usleep 10000
done
[ -n "$root" ] || { echo "initramfs: no root disk"; /bin/busybox poweroff -f; }
/bin/busybox mount -t ext4 -o ro "$root" /newroot
/bin/busybox mount --move /dev /newroot/dev
/bin/busybox mount --move /proc /newroot/proc
/bin/busybox mount --move /sys /newroot/sys
exec /bin/busybox switch_root /newroot /guest-init
INIT
chmod +x "$initramfs/init"
(cd "$initramfs" && find . | cpio -o -H newc --quiet | gzip -1 > "$out/initrd.img")
rm -rf "$initramfs"

# 3. The root file system: the binaries and every library they load, at the same paths.
root=$(mktemp -d)
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,mnt,images,usr/local/bin}
mknod -m 600 "$root/dev/console" c 5 1
cp /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do [ "$applet" = busybox ] || ln -sf busybox "$root/bin/$applet"; done
cp "$bin/keepsake-crash-worker" "$bin/keepsake" "$root/usr/local/bin/"
cp /sbin/e2fsck "$root/sbin/e2fsck"
objects=("$bin/keepsake-crash-worker" "$bin/keepsake" /sbin/e2fsck)
# libvips' loadable modules (HEIF, JPEG XL, ImageMagick, PDF, OpenSlide) are left out: the workers
# store PNG, JPEG and WebP, which libvips reads itself, and loading those modules' libraries costs
# seconds per process start under software emulation. POWERLOSS_VIPS_MODULES=1 copies them.
vipsmodules=$(ls -d /usr/lib/x86_64-linux-gnu/vips-modules-* 2>/dev/null | head -1 || true)
if [ -n "$vipsmodules" ] && [ "${POWERLOSS_VIPS_MODULES:-0}" = 1 ]; then
  mkdir -p "$root$vipsmodules"
  cp "$vipsmodules"/*.so "$root$vipsmodules/"
  objects+=("$vipsmodules"/*.so)
fi
for object in "${objects[@]}"; do
  ldd "$object" | awk '/=> \// {print $3} /^[[:space:]]*\// {print $1}'
done | sort -u | while read -r library; do
  cp -L --parents "$library" "$root"
done
cp "$here/guest-init" "$root/guest-init"
chmod +x "$root/guest-init"
for image in png/basn2c08.png jpeg/testorig.jpg webp/test.webp png/toucan.png jpeg/progressive3.jpg; do
  cp "$corpus/$image" "$root/images/$(basename "$image")"
done
size=$(( $(du -sm "$root" | cut -f1) * 12 / 10 + 64 ))
rm -f "$out/root.img"
mke2fs -q -t ext4 -L ksroot -d "$root" "$out/root.img" "${size}M"
rm -rf "$root"
echo "powerloss: image in $out (root ${size} MB: $(stat -c %s "$out/initrd.img") bytes of initramfs)" >&2
