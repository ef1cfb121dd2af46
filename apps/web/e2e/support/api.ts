/** Direct API calls for journeys: set up data faster than the UI and check what it left. */
export async function uploadViaApi(
  baseUrl: string,
  token: string,
  file: { name: string; type: string; body: string | Uint8Array<ArrayBuffer> },
  fields: Record<string, string> = {},
): Promise<{ slug: string; id: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, value);
  }
  form.append('file', new Blob([file.body], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { data: { slug: string; id: string } };
  if (res.status !== 201) {
    throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** File shares the admin can see, by filename. */
export async function listFiles(
  baseUrl: string,
  token: string,
): Promise<{ filename: string; slug: string; s3_config_id: string }[]> {
  const res = await fetch(`${baseUrl}/api/admin/files?limit=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    data: { items: { filename: string; slug: string; s3_config_id: string }[] };
  };
  return body.data.items;
}

/** One JSON call to the API with the admin token: its data; throws on anything but 2xx. */
export async function adminCall<T>(
  baseUrl: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { data: T };
  if (!res.ok) {
    throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(envelope)}`);
  }
  return envelope.data;
}
