// An image behind the Bearer token: `GET /api/image/{folder}/{file}` is fetched with the API
// client as a blob and shown from an object URL (a plain <img src> would go without the token).
import { useEffect, useState } from "react";
import { Image } from "antd";
import { PictureOutlined } from "@ant-design/icons";
import { apiClient } from "../../http/clients";

export interface AuthImageProps {
  /** Path below the API, e.g. "image/profile/ab12.png". */
  path: string;
  alt: string;
  size?: number;
}

export default function AuthImage({ path, alt, size = 40 }: AuthImageProps) {
  const [src, setSrc] = useState<string>();
  // Which path failed: a new path starts unfailed without resetting state in the effect.
  const [failedPath, setFailedPath] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    let alive = true;
    apiClient
      .get<Blob>(path, { responseType: "blob" })
      .then((res) => {
        if (!alive) return;
        url = URL.createObjectURL(res.data);
        setSrc(url);
      })
      .catch(() => alive && setFailedPath(path));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (failedPath === path) return <PictureOutlined aria-label={alt} style={{ fontSize: size / 2, color: "#bbb" }} />;
  if (!src) return <span style={{ display: "inline-block", width: size, height: size, background: "#f5f5f5", borderRadius: 4 }} aria-busy="true" />;
  return <Image src={src} alt={alt} width={size} height={size} style={{ objectFit: "cover", borderRadius: 4 }} />;
}
